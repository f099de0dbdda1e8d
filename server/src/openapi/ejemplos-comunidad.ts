// Example bodies of the administration, supervision and forum routes, keyed `METHOD /url`.
// Each passes its route's own valibot schema (the openapi test).

export const EJEMPLOS_COMUNIDAD: Record<string, unknown> = {
  // Chat del administrador
  'POST /api/admin/chats': { destinatario_tipo: 'psicologo', destinatario_id: 3 },
  'POST /api/admin/mensajes': {
    id_chat_admin: 2,
    contenido: 'Hola, ¿podemos revisar tu cédula esta semana?',
    id_cliente: '7c0e3f5a-1b2d-4e6f-8a9b-0c1d2e3f4a5b',
  },

  // Administración
  'PUT /api/admin/psicologos/:id/validar-cedula': { cedula_validada: true },
  'POST /api/admin/psicologos/:id/validar-cedula-api': { cedula: '1234567' },
  'PUT /api/admin/pacientes/:id/reasignar': { id_psicologo: 5, id_psicologo_actual: 3 },

  // Supervisión
  'POST /api/admin/supervision/chats/:id/aperturas': {
    motivo: 'crisis',
    razon: 'La paciente escribió mensajes de riesgo y el psicólogo no responde.',
  },
  'POST /api/admin/alertas-crisis/:id/reconocer': { accion: 'Se llamó al psicólogo y se contactó a la paciente.' },

  // Foros
  'POST /api/foros': {
    titulo: 'Perder a una madre',
    descripcion: 'Un espacio para compartir recuerdos y apoyo entre hijas e hijos.',
    publico: true,
  },
  'PUT /api/foros/:id': { titulo: 'Perder a una madre', descripcion: 'Recuerdos, fechas difíciles y apoyo mutuo.', publico: false },
  'POST /api/foros/:id/invitar': { correo: 'marta.gomez@ejemplo.mx', mensaje: 'Creo que este grupo puede acompañarte.' },
  'POST /api/foros/invitaciones/:id/responder': { aceptar: true },
  'POST /api/foros/:id/temas': { titulo: 'Las fiestas sin ella' },
  'POST /api/foros/temas/:id/mensajes': {
    contenido: 'Este año pondré su foto en la mesa de Navidad.',
    id_cliente: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  },
  'POST /api/foros/mensajes/:id/ocultar': { oculto: true },
  'POST /api/foros/mensajes/:id/reportar': { motivo: 'Contiene datos personales de otra persona.' },
};
