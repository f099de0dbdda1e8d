// Demo for the administration screens: psychologists awaiting licence validation (one already
// limited), a disabled one, an unassigned patient and a few audit rows.
import { auditar } from '../../comun/auditoria';
import type { SembradorDemo } from '../../db/seed';
import { paciente, psicologo } from '../../db/schema/cuentas';
import { eq } from 'drizzle-orm';

const DIA = 86_400_000;

export const sembrarAdministracionDemo: SembradorDemo = async (db, { ahora, ids }) => {
  // The demo password's hash, as the accounts seeder stored it (every demo password is the same).
  const [ref] = await db.select({ hash: psicologo.contrasenaHash }).from(psicologo).where(eq(psicologo.id_psicologo, ids.idAdmin));
  const base = { contrasenaHash: ref?.hash ?? '', activadoEn: ahora };
  const nuevos = await db
    .insert(psicologo)
    .values([
      {
        ...base,
        nombre: 'Ricardo',
        apellidoPaterno: 'Núñez',
        apellidoMaterno: 'Beltrán',
        fecha_nacimiento: '1984-06-18',
        especialidad: 'Psicología clínica',
        cedula: '10456789',
        telefono: '5550000003',
        correo: 'ricardo.nunez@miduelo.mx',
        codigo_vinculacion: 'RNB4K2',
        cedula_validada: false,
        createdAt: new Date(ahora.getTime() - 12 * DIA),
      },
      {
        ...base,
        nombre: 'Paola',
        apellidoPaterno: 'Guzmán',
        apellidoMaterno: null,
        fecha_nacimiento: '1991-01-25',
        especialidad: 'Tanatología',
        cedula: '11223344',
        telefono: '5550000004',
        correo: 'paola.guzman@miduelo.mx',
        codigo_vinculacion: 'PGZ8M1',
        cedula_validada: false,
        createdAt: new Date(ahora.getTime() - 2 * DIA),
      },
      {
        ...base,
        nombre: 'Héctor',
        apellidoPaterno: 'Aguilar',
        apellidoMaterno: 'Rosas',
        fecha_nacimiento: '1979-10-03',
        especialidad: 'Psicoterapia familiar',
        cedula: '9988776',
        telefono: '5550000005',
        correo: 'hector.aguilar@miduelo.mx',
        codigo_vinculacion: 'HAR3P7',
        cedula_validada: true,
        status: 'inactivo',
        createdAt: new Date(ahora.getTime() - 40 * DIA),
      },
    ])
    .returning({ id: psicologo.id_psicologo });
  const [sinAsignar] = await db
    .insert(paciente)
    .values({
      ...base,
      nombre: 'Gabriela',
      apellido_paterno: 'Ortiz',
      apellido_materno: 'Lara',
      email: 'gabriela.paciente@miduelo.mx',
      telefono: '5555556677',
      fecha_nacimiento: '1986-12-09',
      id_psicologo: null,
    })
    .returning({ id: paciente.id_paciente });
  const admin = { tipo: 'admin' as const, id: ids.idAdmin, ip: '127.0.0.1' };
  await auditar(db, admin, [
    { accion: 'validar_cedula', recurso: 'psicologo', idRecurso: ids.idPsicologo, detalle: { metodo: 'manual' } },
    { accion: 'deshabilitar', recurso: 'psicologo', idRecurso: nuevos[2]?.id },
    { accion: 'desasignar', recurso: 'paciente', idRecurso: sinAsignar?.id, idPaciente: sinAsignar?.id, detalle: { de: nuevos[2]?.id } },
  ]);
};
