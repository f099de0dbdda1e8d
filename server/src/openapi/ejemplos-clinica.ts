// Example bodies of the clinical routes (agenda, patients, chat, record, activities, online
// sessions), keyed `METHOD /url`. Each passes its route's own valibot schema (the openapi test).

const ID_CLIENTE = '2f1c6c1e-8a4b-4b8e-9d5a-0c7e2b9f4a11';

export const EJEMPLOS_CLINICA: Record<string, unknown> = {
  // Agenda
  'POST /api/psicologo/agenda': { semana_inicio: '2026-12-14', semana_fin: '2026-12-20' },
  'POST /api/psicologo/citas': {
    id_paciente: 12,
    id_agenda: 3,
    fecha: '2026-12-15',
    hora_inicio: '10:00',
    duracion: 60,
    modalidad: 'Presencial',
    estado: 'pendiente',
    notas: 'Primera sesión después del aniversario.',
  },
  'PUT /api/psicologo/citas/:id_cita': { estado: 'confirmada', fecha: '2026-12-15', hora_inicio: '11:00' },
  'POST /api/psicologo/disponibilidad': { dia_semana: 'Lunes', hora_inicio: '09:00', hora_fin: '14:00' },
  'PUT /api/psicologo/disponibilidad/:id': { dia_semana: 'Martes', hora_inicio: '16:00', hora_fin: '20:00' },
  'POST /api/psicologo/excepcion': { fecha: '2026-12-24', hora_inicio: '09:00', hora_fin: '14:00', motivo: 'Nochebuena' },
  'POST /api/paciente/citas/solicitar': {
    fecha: '2026-12-16',
    hora_inicio: '17:00',
    modalidad: 'En línea',
    notas: 'Prefiero por la tarde.',
  },

  // Pacientes
  'PUT /api/psicologo/paciente/:id/perdida': { fecha_perdida: '2025-03-08', persona_perdida: 'Su madre' },

  // Chat
  'POST /api/psicologo/chats': { id_paciente: 12 },
  'POST /api/psicologo/mensajes': { id_chat: 4, contenido: 'Hola Marta, ¿cómo te sentiste después de la sesión?', id_cliente: ID_CLIENTE },
  'POST /api/paciente/mensajes': { id_chat: 4, contenido: 'Mejor, gracias. Escribí la carta que acordamos.', id_cliente: ID_CLIENTE },

  // Expediente clínico
  'POST /api/psicologo/tests/aplicar': {
    id_test: 1,
    id_paciente: 12,
    respuestas: [
      { id_pregunta: 1, respuesta: '2' },
      { id_pregunta: 2, respuesta: '1' },
    ],
    id_cliente: ID_CLIENTE,
  },
  'POST /api/psicologo/notas': {
    id_paciente: 12,
    titulo: 'Sesión 5',
    contenido: 'Trabajamos la carta de despedida; refiere menos insomnio.',
    tipo: 'general',
    id_cliente: ID_CLIENTE,
  },
  'PUT /api/psicologo/notas/:id': {
    titulo: 'Sesión 5',
    contenido: 'Trabajamos la carta de despedida; refiere menos insomnio y más apetito.',
    version: 1,
  },

  // Actividades y diario
  'POST /api/psicologo/actividades': {
    titulo: 'Carta de despedida',
    descripcion: 'Escribe una carta a tu ser querido con lo que te gustaría decirle.',
    tipo: 'Escritura terapéutica',
    obligatoria: false,
    repetitiva: false,
    origen: 'personalizada',
  },
  'PUT /api/psicologo/actividades/:id': {
    titulo: 'Carta de despedida',
    descripcion: 'Escribe una carta a tu ser querido; puedes leerla en voz alta si lo deseas.',
    tipo: 'Escritura terapéutica',
    obligatoria: false,
    repetitiva: false,
    origen: 'personalizada',
  },
  'POST /api/psicologo/actividades/asignar': {
    id_actividad: 7,
    pacientes: [12],
    fecha_limite: '2026-12-21',
    instrucciones_personalizadas: 'Tómate tu tiempo; no hace falta terminarla en un día.',
    prioridad: 'media',
    id_cliente: ID_CLIENTE,
  },
  'PUT /api/psicologo/actividades/asignadas/:id': {
    fecha_limite: '2026-12-28',
    prioridad: 'baja',
    instrucciones_personalizadas: 'Puedes hacerla en dos partes.',
  },
  'PATCH /api/psicologo/actividades/asignadas/:id': { estado: 'en_proceso' },
  'POST /api/psicologo/actividades/asignadas/:id/evidencia': {
    comentario: 'Material de apoyo para la actividad.',
    url: 'https://www.ejemplo.mx/guia-duelo.pdf',
    id_cliente: ID_CLIENTE,
  },
  'PATCH /api/paciente/actividades/:id': { estado: 'en_proceso' },
  'PUT /api/paciente/actividades/:id/visibilidad': { visible_para_psicologo: true },
  'POST /api/paciente/actividades/:id/evidencias': {
    comentario: 'La carta que escribí.',
    visible_para_psicologo: 'true',
    id_cliente: ID_CLIENTE,
  },
  'POST /api/paciente/diario': {
    fecha: '2026-12-07',
    emocion: 'Tristeza',
    intensidad: 3,
    nota: 'Hoy encontré una foto de mi mamá y lloré, pero también sonreí.',
    compartida: true,
    id_cliente: ID_CLIENTE,
  },
  'PUT /api/paciente/diario/:id/compartir': { compartida: false },

  // Sesiones en línea
  'PUT /api/psicologo/sesiones/:id/gracia': { minutos: 10 },
};
