// Factories with overrides: accounts written straight to the database, sessions signed directly
// (only the tests of login itself go through the login endpoint).
import type { FastifyInstance } from 'fastify';
import { paciente, psicologo } from '@miduelo/server/db/schema/cuentas';
import type { Db } from '@miduelo/server/db/client';
import { hashContrasena } from '@miduelo/server/comun/hash';

export const CONTRASENA = 'Clave#Segura1';
let hashCompartido: Promise<string> | null = null;
const hash = () => (hashCompartido ??= hashContrasena(CONTRASENA));
let n = 0;
const sec = () => `${Date.now() % 100000}${++n}`.slice(-7).padStart(7, '0');

export type Psicologo = typeof psicologo.$inferSelect;
export type Paciente = typeof paciente.$inferSelect;

export async function crearPsicologo(db: Db, o: Partial<typeof psicologo.$inferInsert> = {}): Promise<Psicologo> {
  const s = sec();
  const [p] = await db
    .insert(psicologo)
    .values({
      nombre: 'Elena',
      apellidoPaterno: 'Prueba',
      apellidoMaterno: 'Suárez',
      fecha_nacimiento: '1985-04-10',
      especialidad: 'Psicología clínica',
      cedula: `8${s}`,
      telefono: `55${s}0`.slice(0, 10).padEnd(10, '1'),
      correo: `psi${s}@prueba.mx`,
      contrasenaHash: await hash(),
      // Unique per process (each test file has its own database): the counter, not the clock.
      codigo_vinculacion: `C${n.toString(36).toUpperCase().padStart(6, '0')}`,
      cedula_validada: true,
      activadoEn: new Date(),
      ...o,
    })
    .returning();
  return p;
}

export async function crearPaciente(db: Db, o: Partial<typeof paciente.$inferInsert> = {}): Promise<Paciente> {
  const s = sec();
  const [p] = await db
    .insert(paciente)
    .values({
      nombre: 'Tomás',
      apellido_paterno: 'Paciente',
      apellido_materno: 'Ruiz',
      email: `pac${s}@prueba.mx`,
      telefono: `56${s}0`.slice(0, 10).padEnd(10, '2'),
      fecha_nacimiento: '1992-08-15',
      contrasenaHash: await hash(),
      activadoEn: new Date(),
      ...o,
    })
    .returning();
  return p;
}

export function sesionPsicologo(app: FastifyInstance, p: Psicologo): string {
  return app.sesiones.firmarPsicologo({
    id_psicologo: p.id_psicologo,
    correo: p.correo,
    nombre: p.nombre,
    apellido: p.apellidoPaterno,
    rol_admin: p.rol_admin,
    version: p.versionSesion,
  });
}

export function sesionPaciente(app: FastifyInstance, p: Paciente): string {
  return app.sesiones.firmarPaciente({
    id_paciente: p.id_paciente,
    nombre: p.nombre,
    apellido: p.apellido_paterno,
    version: p.versionSesion,
  });
}
