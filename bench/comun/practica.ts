// What the benchmarks' app servers share: the accounts they seed (activated, licence validated;
// the password hash is 'x' unless a bench gives one) and a psychologist's session token.
import type { DbOrTx } from '@miduelo/server/db/client';
import { paciente, psicologo } from '@miduelo/server/db/schema/cuentas';
import type { FastifyInstance } from 'fastify';

type NuevoPsicologo = typeof psicologo.$inferInsert;
type NuevoPaciente = typeof paciente.$inferInsert;

/** `n` psychologists; `fila(i)` changes any field of the i-th (names, emails, licence…). */
export function insertarPsicologos(db: DbOrTx, n: number, fila: (i: number) => Partial<NuevoPsicologo> = () => ({})) {
  const ahora = new Date();
  return db
    .insert(psicologo)
    .values(
      Array.from({ length: n }, (_, i) => ({
        nombre: `Psi${i}`,
        apellidoPaterno: 'Bench',
        fecha_nacimiento: '1980-01-01',
        especialidad: 'Duelo',
        cedula: String(10_000_000 + i),
        telefono: '5500000000',
        correo: `psi${i}@bench.mx`,
        contrasenaHash: 'x',
        codigo_vinculacion: `B${i}`,
        cedula_validada: true,
        activadoEn: ahora,
        ...fila(i),
      })),
    )
    .returning();
}

/** `n` patients, the j-th of psychologist `deQuien(j)`; `fila(j)` changes any field of it. */
export function insertarPacientes(
  db: DbOrTx,
  n: number,
  deQuien: (j: number) => number,
  fila: (j: number) => Partial<NuevoPaciente> = () => ({}),
) {
  const ahora = new Date();
  return db
    .insert(paciente)
    .values(
      Array.from({ length: n }, (_, j) => ({
        nombre: `Pac${j}`,
        apellido_paterno: 'Bench',
        email: `pac${j}@bench.mx`,
        telefono: '5511111111',
        fecha_nacimiento: '1990-01-01',
        id_psicologo: deQuien(j),
        contrasenaHash: 'x',
        activadoEn: ahora,
        ...fila(j),
      })),
    )
    .returning();
}

/** A psychologist's session, signed by the server under test (no password is checked). */
export function tokenDePsicologo(
  app: FastifyInstance,
  p: { id_psicologo: number; correo: string; nombre: string; apellidoPaterno: string },
): string {
  return app.sesiones.firmarPsicologo({
    id_psicologo: p.id_psicologo,
    correo: p.correo,
    nombre: p.nombre,
    apellido: p.apellidoPaterno,
    rol_admin: false,
    version: 0,
  });
}
