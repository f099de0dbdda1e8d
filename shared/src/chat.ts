// Chat between a psychologist and a patient, and between an administrator and either of them
// (spec 1 §2 Chat, §3, §4, §5, §7, §8, §9; spec 2 §2 Admin chat, §3, §5, §7, §8). Request and
// response schemas, limits and every Spanish text of the domain, used by the server and the client.
import * as v from 'valibot';

// ---- Limits ----

/** Longest message, in characters (Unicode code points, as PostgreSQL's char_length counts). */
export const MENSAJE_MAX = 1000;
/** Messages one account may send per window (every device and conversation together). */
export const MENSAJES_POR_VENTANA = 20;
export const VENTANA_MENSAJES_MS = 10_000;
/** Messages one page of `GET .../mensajes` returns at most, and by default without a cursor. */
export const PAGINA_MENSAJES_MAX = 500;
export const PAGINA_MENSAJES_DEFECTO = 200;
/** A typing indicator not refreshed within this time disappears. */
export const ESCRIBIENDO_CADUCA_MS = 6_000;
/** The client re-announces typing at most this often. */
export const ESCRIBIENDO_INTERVALO_MS = 2_500;
export const BUSQUEDA_MAX = 100;
/** Client message ids: what a UUID or a similar random token looks like. */
export const ID_CLIENTE_MAX = 64;

// ---- Texts ----

/** Server messages of the chat routes. */
export const MSG_CHAT = {
  mensajeVacio: 'El mensaje no puede estar vacío',
  mensajeLargo: `El mensaje no puede exceder ${MENSAJE_MAX} caracteres`,
  chatObligatorio: 'Selecciona un chat',
  idClienteInvalido: 'El identificador del mensaje no es válido',
  idInvalido: 'El identificador no es válido',
  chatNoEncontrado: 'Chat no encontrado',
  pacienteNoEncontrado: 'Paciente no encontrado',
  seleccionaPaciente: 'Selecciona un paciente',
  chatExiste: 'Ya existe un chat con este paciente',
  soloLectura:
    'Este paciente ya no está asignado a ti. La conversación se conserva, pero ya no es posible enviar mensajes.',
  demasiadosMensajes: 'Estás enviando mensajes muy rápido. Espera unos segundos e inténtalo de nuevo.',
  busquedaLarga: `La búsqueda no puede exceder ${BUSQUEDA_MAX} caracteres`,
  leidos: 'Mensajes marcados como leídos',
  // Administrator chat (spec 2 §5, §8)
  seleccionaUsuario: 'Selecciona un usuario',
  tipoDestinatario: 'El tipo de destinatario debe ser psicologo o paciente',
  usuarioNoEncontrado: 'Usuario no encontrado',
  chatAdminExiste: 'Ya existe un chat con este usuario',
  chatContigo: 'No puedes iniciar un chat contigo mismo',
} as const;

/** Texts of the chat screens (spec 1 §2, §8; spec 2 §2, §8). */
export const TEXTOS_CHAT = {
  buscar: 'Buscar por nombre o mensaje',
  nuevoChat: 'Nuevo Chat',
  sinChats: 'No hay chats disponibles',
  crearPrimerChat: 'Crear primer chat',
  sinResultados: 'Ningún chat coincide con la búsqueda',
  seleccionaChat: 'Selecciona un chat para comenzar',
  iniciaConversacion: 'Inicia la conversación enviando un mensaje',
  sinMensajes: 'Sin mensajes',
  prefijoPropio: 'Tú:',
  escribeMensaje: 'Escribe un mensaje…',
  enviar: 'Enviar',
  todosConChat: 'Todos tus pacientes ya tienen un chat activo.',
  cancelar: 'Cancelar',
  crearChat: 'Crear Chat',
  seleccionaPacienteOpcion: 'Selecciona un paciente',
  errorEnviar: 'Error al enviar el mensaje. Inténtalo de nuevo.',
  chatExiste: 'Ya existe un chat con este paciente',
  errorCrear: 'Error al crear el chat. Inténtalo de nuevo.',
  chatCreado: 'Chat creado exitosamente',
  errorCrearPanel: 'Error al crear el chat',
  administracion: 'Administración',
  escribiendo: 'escribiendo…',
  leido: 'Leído',
  enviado: 'Enviado',
  enviando: 'Enviando…',
  noEnviado: 'No enviado',
  reintentar: 'Reintentar',
  cargarAnteriores: 'Cargar mensajes anteriores',
  sinConexion: 'Sin conexión en tiempo real. Actualizando cada 30 segundos.',
  // Administrator chat
  admin: {
    sinConversaciones: 'No hay conversaciones',
    seleccionaConversacion: 'Selecciona una conversación',
    iniciaConversacion: 'Inicia la conversación enviando un mensaje',
    nuevaConversacion: 'Nueva conversación',
    prefijoPropio: 'You:',
    psicologo: 'Psicólogo',
    paciente: 'Paciente',
    filtroTodos: 'Todos',
    filtroPsicologos: 'Psicólogos',
    filtroPacientes: 'Pacientes',
    sinUsuarios: 'No hay usuarios disponibles para iniciar una conversación.',
    seleccionaUsuario: 'Selecciona un usuario',
    errorEnviar: 'Error al enviar el mensaje. Intentalo de nuevo.',
    chatExiste: 'Ya existe un chat con este usuario',
    errorCrear: 'Error al crear el chat. Intentalo de nuevo.',
  },
} as const;

// ---- Shared value schemas ----

/** Code points, so that an emoji counts once, as in the database check. */
export const longitudTexto = (s: string) => [...s].length;

const contenidoSchema = v.pipe(
  v.optional(v.string(MSG_CHAT.mensajeVacio), ''),
  v.trim(),
  v.nonEmpty(MSG_CHAT.mensajeVacio),
  v.check((s) => longitudTexto(s) <= MENSAJE_MAX, MSG_CHAT.mensajeLargo),
);

const idEntero = (msg: string) =>
  v.pipe(v.number(msg), v.integer(msg), v.minValue(1, msg), v.maxValue(2_147_483_647, msg));

const idClienteSchema = v.optional(
  v.nullable(
    v.pipe(
      v.string(MSG_CHAT.idClienteInvalido),
      v.regex(new RegExp(`^[A-Za-z0-9_-]{8,${ID_CLIENTE_MAX}}$`), MSG_CHAT.idClienteInvalido),
    ),
  ),
  null,
);

/** A numeric path segment (`/chats/{id}`). */
export const IdParamsSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,9}$/, MSG_CHAT.idInvalido), v.transform(Number), v.minValue(1, MSG_CHAT.idInvalido)),
});
export const IdPacienteParamsSchema = v.object({
  id_paciente: v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, MSG_CHAT.idInvalido),
    v.transform(Number),
    v.minValue(1, MSG_CHAT.idInvalido),
  ),
});

const cursor = v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, MSG_CHAT.idInvalido), v.transform(Number)));

/** `GET .../mensajes`: all after `despues_de` (a reconnecting client), or the latest page before `antes_de`. */
export const MensajesQuerySchema = v.object({
  despues_de: cursor,
  antes_de: cursor,
  limite: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, MSG_CHAT.idInvalido),
      v.transform(Number),
      v.minValue(1, MSG_CHAT.idInvalido),
      v.maxValue(PAGINA_MENSAJES_MAX, MSG_CHAT.idInvalido),
    ),
  ),
});
export type MensajesQuery = v.InferOutput<typeof MensajesQuerySchema>;

export const BuscarQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(BUSQUEDA_MAX, MSG_CHAT.busquedaLarga)), ''),
});

// ---- Requests ----

/** POST /api/psicologo/mensajes and POST /api/paciente/mensajes. */
export const EnviarMensajeSchema = v.object({
  id_chat: idEntero(MSG_CHAT.chatObligatorio),
  contenido: contenidoSchema,
  id_cliente: idClienteSchema,
});
export type EnviarMensajeBody = v.InferInput<typeof EnviarMensajeSchema>;

/** POST /api/admin/mensajes (spec 2 §7). */
export const EnviarMensajeAdminSchema = v.object({
  id_chat_admin: idEntero(MSG_CHAT.chatObligatorio),
  contenido: contenidoSchema,
  id_cliente: idClienteSchema,
});
export type EnviarMensajeAdminBody = v.InferInput<typeof EnviarMensajeAdminSchema>;

/** The composer's rule (spec 1 §5): trimmed, non-empty, within the limit. */
export const TextoMensajeSchema = contenidoSchema;

/** POST /api/psicologo/chats. */
export const CrearChatSchema = v.object({
  id_paciente: idEntero(MSG_CHAT.seleccionaPaciente),
});

export const TIPOS_DESTINATARIO = ['psicologo', 'paciente'] as const;
export type TipoDestinatario = (typeof TIPOS_DESTINATARIO)[number];

/** POST /api/admin/chats. */
export const CrearChatAdminSchema = v.object({
  destinatario_tipo: v.picklist(TIPOS_DESTINATARIO, MSG_CHAT.seleccionaUsuario),
  destinatario_id: idEntero(MSG_CHAT.seleccionaUsuario),
});

// ---- Responses ----

export const REMITENTES = ['psicologo', 'paciente', 'admin'] as const;
export type Remitente = (typeof REMITENTES)[number];

/** A conversation of the psychologist/patient side: with a patient or psychologist, or with the administration. */
export type TipoChat = 'paciente' | 'admin';

const Persona = v.object({
  nombre: v.string(),
  apellido_paterno: v.string(),
  apellido_materno: v.nullable(v.string()),
  email: v.string(),
});
export type Persona = v.InferOutput<typeof Persona>;

/** The administrator seen by the person they wrote to: a name, never an address. */
const Administrador = v.object({
  nombre: v.string(),
  apellido_paterno: v.string(),
  apellido_materno: v.nullable(v.string()),
});

const UltimoMensaje = v.nullable(
  v.object({ contenido: v.string(), remitente: v.picklist(REMITENTES), fecha_envio: v.string() }),
);

export const MensajeSchema = v.object({
  id_mensaje: v.number(),
  id_chat: v.number(),
  contenido: v.string(),
  remitente: v.picklist(REMITENTES),
  fecha_envio: v.string(),
  seq: v.number(),
  id_cliente: v.nullable(v.string()),
  leido: v.boolean(),
});
export type Mensaje = v.InferOutput<typeof MensajeSchema>;
export const MensajesSchema = v.array(MensajeSchema);

export const MensajeAdminSchema = v.object({
  id_mensaje: v.number(),
  id_chat_admin: v.number(),
  contenido: v.string(),
  remitente: v.picklist(REMITENTES),
  fecha_envio: v.string(),
  seq: v.number(),
  id_cliente: v.nullable(v.string()),
  leido: v.boolean(),
});
export type MensajeAdmin = v.InferOutput<typeof MensajeAdminSchema>;
export const MensajesAdminSchema = v.array(MensajeAdminSchema);

/** Fields every conversation summary carries besides its counterpart. `ultimo_seq` lets a client
 * resynchronise; `rev` orders unread-count updates that arrive out of order from several nodes. */
const resumen = {
  ultimo_mensaje: UltimoMensaje,
  mensajes_no_leidos: v.number(),
  ultimo_seq: v.number(),
  rev: v.number(),
  fecha_creacion: v.string(),
};

/** A chat in the psychologist's list (spec 1 §3), or a conversation an administrator opened with them. */
export const ChatSchema = v.object({
  id_chat: v.number(),
  tipo: v.picklist(['paciente', 'admin']),
  id_paciente: v.nullable(v.number()),
  paciente: v.nullable(Persona),
  administrador: v.nullable(Administrador),
  ...resumen,
});
export type Chat = v.InferOutput<typeof ChatSchema>;
export const ChatsSchema = v.array(ChatSchema);

/** A chat in the patient's list (mobile app): with their psychologist, or with the administration. */
export const ChatPacienteSchema = v.object({
  id_chat: v.number(),
  tipo: v.picklist(['paciente', 'admin']),
  id_psicologo: v.nullable(v.number()),
  psicologo: v.nullable(Persona),
  administrador: v.nullable(Administrador),
  ...resumen,
});
export type ChatPaciente = v.InferOutput<typeof ChatPacienteSchema>;
export const ChatsPacienteSchema = v.array(ChatPacienteSchema);

/** Admin chat (spec 2 §3). */
export const ChatAdminSchema = v.object({
  id_chat_admin: v.number(),
  destinatario_tipo: v.picklist(TIPOS_DESTINATARIO),
  destinatario_id: v.number(),
  destinatario: Persona,
  ...resumen,
});
export type ChatAdmin = v.InferOutput<typeof ChatAdminSchema>;
export const ChatsAdminSchema = v.array(ChatAdminSchema);

/** Available user (spec 2 §3): someone the administrator has no conversation with yet. */
export const UsuarioDisponibleSchema = v.object({
  tipo: v.picklist(TIPOS_DESTINATARIO),
  id: v.number(),
  nombre: v.string(),
  apellido_paterno: v.string(),
  apellido_materno: v.nullable(v.string()),
  email: v.string(),
});
export type UsuarioDisponible = v.InferOutput<typeof UsuarioDisponibleSchema>;
export const UsuariosDisponiblesSchema = v.array(UsuarioDisponibleSchema);

/** A patient of the psychologist who has no chat yet ('Nuevo Chat' modal). */
export const PacienteSinChatSchema = v.object({
  id_paciente: v.number(),
  nombre: v.string(),
  apellido_paterno: v.string(),
  apellido_materno: v.nullable(v.string()),
  email: v.string(),
});
export type PacienteSinChat = v.InferOutput<typeof PacienteSinChatSchema>;
export const PacientesSinChatSchema = v.array(PacienteSinChatSchema);

/** GET /api/psicologo/chat/verificar/{id_paciente}. */
export const VerificarChatSchema = v.object({ existe: v.boolean(), id_chat: v.optional(v.number()) });
export type VerificarChat = v.InferOutput<typeof VerificarChatSchema>;

/** PUT .../chats/{id}/leer. */
export const LeerRespuestaSchema = v.object({
  msg: v.string(),
  mensajes_no_leidos: v.number(),
  marcados: v.number(),
  hasta_seq: v.number(),
});
export type LeerRespuesta = v.InferOutput<typeof LeerRespuestaSchema>;

// ---- Helpers shared by the screens ----

/** Full name of a person of the chat ('Lucía Ramírez Ortega'). */
export function nombreCompleto(p: { nombre: string; apellido_paterno: string; apellido_materno?: string | null } | null): string {
  if (!p) return '';
  return [p.nombre, p.apellido_paterno, p.apellido_materno].filter((s) => s?.trim()).join(' ');
}

/** Text of the list's last-message line: 'Tú: …' for own messages, 'Sin mensajes' when empty. */
export function vistaPrevia(
  ultimo: { contenido: string; remitente: Remitente } | null,
  propio: Remitente,
  prefijo: string = TEXTOS_CHAT.prefijoPropio,
): string {
  if (!ultimo) return TEXTOS_CHAT.sinMensajes;
  const linea = ultimo.contenido.replace(/\s+/g, ' ').trim();
  return ultimo.remitente === propio ? `${prefijo} ${linea}` : linea;
}
