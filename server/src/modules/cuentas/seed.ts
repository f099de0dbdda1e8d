// Demo accounts: an administrator, a psychologist and four of her patients (every password DEMO's).
import { DEMO, type SembradorDemo } from '../../db/seed';
import { paciente, psicologo } from '../../db/schema/cuentas';
import { hashContrasena } from '../../comun/hash';
import { documentosVigentes, insertarAceptaciones } from './repo-consentimiento';

export const sembrarCuentasDemo: SembradorDemo = async (db, { ahora, ids }) => {
  const hash = await hashContrasena(DEMO.contrasena);
  const [admin] = await db
    .insert(psicologo)
    .values({
      nombre: 'Andrea',
      apellidoPaterno: 'Solís',
      apellidoMaterno: 'Rivas',
      fecha_nacimiento: '1982-03-14',
      especialidad: 'Administración clínica',
      cedula: '9000001',
      telefono: '5550000001',
      correo: DEMO.admin,
      contrasenaHash: hash,
      codigo_vinculacion: 'ADM2025',
      rol_admin: true,
      cedula_validada: true,
      activadoEn: ahora,
    })
    .returning();
  const [psi] = await db
    .insert(psicologo)
    .values({
      nombre: 'Mariana',
      apellidoPaterno: 'Herrera',
      apellidoMaterno: 'Campos',
      fecha_nacimiento: '1987-09-02',
      especialidad: 'Tanatología y psicoterapia del duelo',
      cedula: '12345678',
      telefono: '5550000002',
      correo: DEMO.psicologa,
      contrasenaHash: hash,
      codigo_vinculacion: 'MHC7Q4',
      cedula_validada: true,
      activadoEn: ahora,
      direccionConsultorio: 'Av. Insurgentes Sur 1234, Col. del Valle, CDMX',
    })
    .returning();
  const datos = [
    ['Lucía', 'Ramírez', 'Ortega', DEMO.paciente, '5551112233', '1990-05-21'],
    ['Jorge', 'Mendoza', 'Luna', 'jorge.paciente@miduelo.mx', '5552223344', '1975-11-02'],
    ['Sofía', 'Castillo', null, 'sofia.paciente@miduelo.mx', '5553334455', '1998-01-30'],
    ['Ernesto', 'Vázquez', 'Pérez', 'ernesto.paciente@miduelo.mx', '5554445566', '1962-07-12'],
  ] as const;
  const pacientes = await db
    .insert(paciente)
    .values(
      datos.map(([nombre, ap, am, email, tel, nac]) => ({
        nombre,
        apellido_paterno: ap,
        apellido_materno: am,
        email,
        telefono: tel,
        fecha_nacimiento: nac,
        id_psicologo: psi.id_psicologo,
        contrasenaHash: hash,
        activadoEn: ahora,
      })),
    )
    .returning({ id: paciente.id_paciente });
  // They registered the way every patient does: accepting the privacy notice and the consent letter
  // in force (decision 146), so the demo login opens the app, not the consent screen (decision 211).
  const vigentes = await documentosVigentes(db);
  await insertarAceptaciones(
    db,
    pacientes.flatMap((p) => vigentes.map((d) => ({ id_paciente: p.id, tipo: d.tipo, version: d.version, aceptadoEn: ahora, ip: null }))),
  );
  ids.idPsicologo = psi.id_psicologo;
  ids.idAdmin = admin.id_psicologo;
  ids.pacientes = pacientes.map((p) => p.id);
};
