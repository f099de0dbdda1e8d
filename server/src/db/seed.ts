import { sql } from 'drizzle-orm';
import { paciente, psicologo } from './schema/cuentas';
import { hashContrasena } from '../modules/cuentas/hash';
import type { Db } from './client';

export const DEMO = {
  contrasena: 'MiDuelo#2025',
  admin: 'admin@miduelo.mx',
  psicologa: 'psicologa@miduelo.mx',
  paciente: 'lucia.paciente@miduelo.mx',
} as const;

/** Extra demo content from later domains (agenda, chat…). Each receives the ids created here. */
export type SembradorDemo = (db: Db, ids: { idPsicologo: number; idAdmin: number; pacientes: number[] }) => Promise<void>;

export async function baseVacia(db: Db): Promise<boolean> {
  const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from psicologo`);
  const filas = (Array.isArray(r) ? r : (r as { rows: { n: number }[] }).rows) as { n: number }[];
  return Number(filas[0]?.n ?? 0) === 0;
}

export async function sembrarDemo(db: Db, ahora: Date, extras: SembradorDemo[] = []) {
  const hash = await hashContrasena(DEMO.contrasena);
  return db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(psicologo)
      .values({
        nombre: 'Andrea', apellidoPaterno: 'Solís', apellidoMaterno: 'Rivas', fecha_nacimiento: '1982-03-14',
        especialidad: 'Administración clínica', cedula: '9000001', telefono: '5550000001', correo: DEMO.admin,
        contrasenaHash: hash, codigo_vinculacion: 'ADM2025', rol_admin: true, cedula_validada: true, activadoEn: ahora,
      })
      .returning();
    const [psi] = await tx
      .insert(psicologo)
      .values({
        nombre: 'Mariana', apellidoPaterno: 'Herrera', apellidoMaterno: 'Campos', fecha_nacimiento: '1987-09-02',
        especialidad: 'Tanatología y psicoterapia del duelo', cedula: '12345678', telefono: '5550000002',
        correo: DEMO.psicologa, contrasenaHash: hash, codigo_vinculacion: 'MHC7Q4', cedula_validada: true,
        activadoEn: ahora, direccionConsultorio: 'Av. Insurgentes Sur 1234, Col. del Valle, CDMX',
      })
      .returning();
    const datos = [
      ['Lucía', 'Ramírez', 'Ortega', DEMO.paciente, '5551112233', '1990-05-21'],
      ['Jorge', 'Mendoza', 'Luna', 'jorge.paciente@miduelo.mx', '5552223344', '1975-11-02'],
      ['Sofía', 'Castillo', null, 'sofia.paciente@miduelo.mx', '5553334455', '1998-01-30'],
      ['Ernesto', 'Vázquez', 'Pérez', 'ernesto.paciente@miduelo.mx', '5554445566', '1962-07-12'],
    ] as const;
    const pacientes = await tx
      .insert(paciente)
      .values(
        datos.map(([nombre, ap, am, email, tel, nac]) => ({
          nombre, apellido_paterno: ap, apellido_materno: am, email, telefono: tel, fecha_nacimiento: nac,
          id_psicologo: psi.id_psicologo, contrasenaHash: hash, activadoEn: ahora,
        })),
      )
      .returning({ id: paciente.id_paciente });
    const ids = { idPsicologo: psi.id_psicologo, idAdmin: admin.id_psicologo, pacientes: pacientes.map((p) => p.id) };
    for (const extra of extras) await extra(tx as unknown as Db, ids);
    return ids;
  });
}
