// Example bodies of the account, two-step, notification and data-rights routes, keyed `METHOD /url`.
// Each passes its route's own valibot schema (tests/integration/openapi.test.ts).

/** A passkey assertion as the browser returns it (base64url fields, shortened). */
const ASERCION = {
  id: 'mQ4bXk2c3ZqN0x5cF9zdWJ0bGU',
  rawId: 'mQ4bXk2c3ZqN0x5cF9zdWJ0bGU',
  type: 'public-key',
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0IiwiY2hhbGxlbmdlIjoiYWJjIn0',
    authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAABQ',
    signature: 'MEUCIQDxE3b8xG7kq1zS0nX2mYQ',
  },
  clientExtensionResults: {},
};
/** The token the first step of a sign-in returns when a second step is needed. */
const TOKEN_MFA = 'eyJhbGciOiJIUzI1NiJ9.eyJtZmEiOnRydWV9.c2lnbmF0dXJh';

export const EJEMPLOS_CUENTAS: Record<string, unknown> = {
  // Verificación en dos pasos
  'POST /api/mfa/llaves/opciones': { contrasena: 'Clave#Segura1' },
  'POST /api/mfa/llaves': {
    nombre: 'Laptop del consultorio',
    respuesta: {
      id: 'mQ4bXk2c3ZqN0x5cF9zdWJ0bGU',
      rawId: 'mQ4bXk2c3ZqN0x5cF9zdWJ0bGU',
      type: 'public-key',
      response: {
        clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIiwiY2hhbGxlbmdlIjoiYWJjIn0',
        attestationObject: 'o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YVg',
      },
      clientExtensionResults: {},
    },
  },
  'PATCH /api/mfa/llaves/:id': { nombre: 'Teléfono personal' },
  'POST /api/mfa/llaves/:id/eliminar': { contrasena: 'Clave#Segura1' },
  'POST /api/mfa/totp/iniciar': { contrasena: 'Clave#Segura1' },
  'POST /api/mfa/totp/confirmar': { codigo: '123456' },
  'POST /api/mfa/totp/eliminar': { contrasena: 'Clave#Segura1' },
  'POST /api/mfa/codigos/regenerar': { contrasena: 'Clave#Segura1' },

  // Cuentas de psicólogo
  'POST /api/psicologo/registro': {
    nombre: 'Lucía',
    apellidoPaterno: 'Méndez',
    apellidoMaterno: 'Ríos',
    telefono: '5512345678',
    correo: 'lucia.mendez@ejemplo.mx',
    contrasena: 'Clave#Segura1',
    fecha_nacimiento: '1988-02-03',
    especialidad: 'Tanatología',
    cedula: '1234567',
    aceptaTerminos: true,
  },
  'POST /api/psicologo/iniciar-sesion': { correo: 'lucia.mendez@ejemplo.mx', contrasena: 'Clave#Segura1' },
  'POST /api/psicologo/iniciar-sesion/segundo-paso': { token_mfa: TOKEN_MFA, codigo: '123456', tipo: 'totp' },
  'POST /api/psicologo/llave-acceso/entrar': { respuesta: ASERCION },
  'POST /api/psicologo/iniciar-sesion/segundo-paso/llave-opciones': { token_mfa: TOKEN_MFA },
  'POST /api/psicologo/iniciar-sesion/segundo-paso/llave': { token_mfa: TOKEN_MFA, respuesta: ASERCION },
  'POST /api/psicologo/iniciar-sesion/inscripcion': { token_mfa: TOKEN_MFA },
  'POST /api/psicologo/iniciar-sesion/inscripcion/confirmar': { token_mfa: TOKEN_MFA, codigo: '123456' },
  'POST /api/psicologo/reenviar-activacion': { correo: 'lucia.mendez@ejemplo.mx' },
  'POST /api/psicologo/recuperar-contrasena': { correoOTelefono: 'lucia.mendez@ejemplo.mx' },
  'POST /api/psicologo/restablecer-contrasena/:token': { nuevaContrasena: 'Otra#Clave2026' },
  'PUT /api/psicologo/actualizar-perfil': {
    telefono: '5512345678',
    correo: 'lucia.mendez@ejemplo.mx',
    direccionConsultorio: 'Av. Insurgentes Sur 1234, consultorio 5, Ciudad de México',
  },
  'PUT /api/psicologo/cambiar-contrasena': { contrasenaActual: 'Clave#Segura1', nuevaContrasena: 'Otra#Clave2026' },
  'POST /api/psicologo/registro-admin': {
    nombre: 'Andrés',
    apellidoPaterno: 'Salas',
    apellidoMaterno: 'Ortega',
    telefono: '5587654321',
    correo: 'andres.salas@ejemplo.mx',
    contrasena: 'Clave#Segura1',
    fecha_nacimiento: '1979-07-21',
    especialidad: 'Psicología clínica',
    cedula: '7654321',
    aceptaTerminos: true,
  },

  // Cuentas de paciente
  'POST /api/paciente/registro': {
    nombre: 'Marta',
    apellido_paterno: 'Gómez',
    apellido_materno: 'Luna',
    telefono: '5523456789',
    email: 'marta.gomez@ejemplo.mx',
    contrasena: 'Clave#Segura1',
    fecha_nacimiento: '1990-05-12',
    codigo_vinculacion: 'ABC123',
    consentimientos: { aviso_privacidad: 1, consentimiento_informado: 1 },
  },
  'POST /api/paciente/iniciar-sesion': { email: 'marta.gomez@ejemplo.mx', contrasena: 'Clave#Segura1' },
  'POST /api/paciente/iniciar-sesion/segundo-paso': { token_mfa: TOKEN_MFA, codigo: '123456', tipo: 'totp' },
  'POST /api/paciente/llave-acceso/entrar': { respuesta: ASERCION },
  'POST /api/paciente/iniciar-sesion/segundo-paso/llave-opciones': { token_mfa: TOKEN_MFA },
  'POST /api/paciente/iniciar-sesion/segundo-paso/llave': { token_mfa: TOKEN_MFA, respuesta: ASERCION },
  'POST /api/paciente/recuperar-contrasena': { email: 'marta.gomez@ejemplo.mx' },
  'POST /api/paciente/restablecer-contrasena/:token': { nuevaContrasena: 'Otra#Clave2026' },
  'PUT /api/paciente/perfil': { telefono: '5523456789', email: 'marta.gomez@ejemplo.mx' },
  'PUT /api/paciente/cambiar-contrasena': { contrasenaActual: 'Clave#Segura1', nuevaContrasena: 'Otra#Clave2026' },
  'POST /api/paciente/consentimientos': { tipo: 'aviso_privacidad', version: 1 },

  // Administrador
  'PUT /api/admin/psicologos/:id/status': { status: 'activo' },
  'PUT /api/admin/pacientes/:id/status': { status: 'activo' },
  'PUT /api/admin/perfil': { telefono: '5511112222', direccionConsultorio: 'Calle Durango 200, Roma Norte, Ciudad de México' },
  'PUT /api/admin/cambiar-contrasena': { contrasena_actual: 'Clave#Segura1', nueva_contrasena: 'Otra#Clave2026' },
  'POST /api/admin/solicitar-cambio-correo': { nuevo_correo: 'direccion@ejemplo.mx' },
  'POST /api/admin/confirmar-cambio-correo': { token: 'b3f1c2d4e5a6978812345678abcdef01' },

  // Notificaciones
  'POST /api/paciente/push/suscripciones': {
    endpoint: 'https://fcm.googleapis.com/fcm/send/dGVzdC1lbmRwb2ludA',
    keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u', auth: 'tBHItJI5svbpez7KI4CCXg' },
  },
  'DELETE /api/paciente/push/suscripciones': { endpoint: 'https://fcm.googleapis.com/fcm/send/dGVzdC1lbmRwb2ludA' },
  'PUT /api/paciente/push/preferencias': { mensajes: true, citas: true, actividades: false },

  // Derechos ARCO
  'POST /api/paciente/derechos/solicitudes': { tipo: 'cancelacion', motivo: 'Ya no continuaré el acompañamiento y pido borrar mis datos.' },
  'POST /api/admin/derechos/solicitudes/:id/resolver': {
    resultado: 'procedente',
    respuesta: 'Sus datos se eliminarán en un plazo de 15 días hábiles.',
  },
  'PUT /api/paciente/mis-datos/oposicion': { correos: true, push: false, foro_sin_nombre: true },
};
