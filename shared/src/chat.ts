// Chat between a psychologist and a patient, and between an administrator and either of them
// (spec 1 §2 Chat, §3, §4, §5, §7, §8, §9; spec 2 §2 Admin chat, §3, §5, §7, §8). Request and
// response schemas, limits and every Spanish text of the domain, used by the server and the client.
import * as v from 'valibot';
import { caracteresValidos, idEnRuta, longitudTexto, sinInvisibles } from './comun';
import { MSG_GENERICO } from './errores';

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
const BUSQUEDA_MAX = 100;
/** Client message ids: what a UUID or a similar random token looks like. */
const ID_CLIENTE_MAX = 64;

// ---- Texts ----

/** Server messages of the chat routes. */
export const MSG_CHAT = {
  mensajeVacio: 'El mensaje no puede estar vacío',
  mensajeLargo: `El mensaje no puede exceder ${MENSAJE_MAX} caracteres`,
  mensajeCaracteres: 'El mensaje contiene caracteres no válidos',
  chatObligatorio: 'Selecciona un chat',
  idClienteInvalido: 'El identificador del mensaje no es válido',
  idInvalido: 'El identificador no es válido',
  chatNoEncontrado: 'Chat no encontrado',
  pacienteNoEncontrado: 'Paciente no encontrado',
  seleccionaPaciente: 'Selecciona un paciente',
  chatExiste: 'Ya existe un chat con este paciente',
  soloLectura: 'Este paciente ya no está asignado a ti. La conversación se conserva, pero ya no es posible enviar mensajes.',
  /** The same refusal as the patient reads it (decision 277). */
  soloLecturaPaciente:
    'Esta conversación es con una psicóloga o un psicólogo que ya no te acompaña. Se conserva para que puedas leerla, pero ya no es posible enviar mensajes.',
  demasiadosMensajes: 'Estás enviando mensajes muy rápido. Espera unos segundos e inténtalo de nuevo.',
  busquedaLarga: `La búsqueda no puede exceder ${BUSQUEDA_MAX} caracteres`,
  busquedaInvalida: 'La búsqueda no es válida',
  leidos: 'Mensajes marcados como leídos',
  // Administrator chat (spec 2 §5, §8)
  seleccionaUsuario: 'Selecciona un usuario',
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
  sinPacientesTitulo: 'Aún no tienes pacientes',
  sinPacientes: (codigo: string | null) =>
    `Cuando un paciente se registre en la app de MiDuelo con tu código de vinculación${codigo ? ` ${codigo}` : ''}, aparecerá aquí y podrás abrir un chat con él. Tu código está en Pacientes.`,
  cancelar: 'Cancelar',
  crearChat: 'Crear Chat',
  seleccionaPacienteOpcion: 'Selecciona un paciente',
  errorEnviar: 'Error al enviar el mensaje. Inténtalo de nuevo.',
  chatExiste: 'Ya existe un chat con este paciente',
  errorCrear: 'Error al crear el chat. Inténtalo de nuevo.',
  chatCreado: 'Chat creado exitosamente',
  errorCrearPanel: 'Error al crear el chat',
  administracion: 'Administración',
  /** The administration's conversation as a name, where a client shows only a person's name (decision 392). */
  administracionDeMiDuelo: 'Administración de MiDuelo',
  escribiendo: 'escribiendo…',
  leido: 'Leído',
  enviado: 'Enviado',
  enviando: MSG_GENERICO.enviando,
  noEnviado: MSG_GENERICO.noEnviado,
  reintentar: MSG_GENERICO.reintentar,
  cargarAnteriores: 'Cargar mensajes anteriores',
  // A failed load is said as such, never shown as an empty list.
  errorCargarChats: 'No se pudieron cargar los chats.',
  errorCargarMensajes: 'No se pudieron cargar los mensajes.',
  errorCargarPacientes: 'No se pudieron cargar los pacientes.',
  sinConexion: 'Sin conexión en tiempo real. Actualizando cada 30 segundos.',
  // Crisis language in a patient's message (decisions 338, 339)
  crisis: {
    /** The psychologist's mark on the message. */
    marca: 'Palabras de riesgo',
    marcaCorta: 'Riesgo',
    marcaDetalle: 'Este mensaje contiene palabras de riesgo. Contacta a tu paciente cuanto antes.',
    /** In the chat list, for screen readers and as a tooltip. */
    enLista: (n: number) => (n === 1 ? '1 mensaje con palabras de riesgo sin abrir' : `${n} mensajes con palabras de riesgo sin abrir`),
    /** The alert of the psychologist's shell, on every screen until she opens the conversation. */
    alertaUna: (nombre: string) => `${nombre} escribió palabras de riesgo en el chat. Abre la conversación cuanto antes.`,
    alertaVarias: (n: number) => `${n} pacientes escribieron palabras de riesgo en el chat. Abre sus conversaciones cuanto antes.`,
    abrir: 'Abrir conversación',
    abrirCon: (nombre: string) => `Abrir la conversación con ${nombre}`,
    /** What the patient reads, at once, after writing it (the app's crisis lines follow). */
    pacienteTitulo: 'No estás solo ni sola',
    pacienteTexto: (quien: string) =>
      `Gracias por contarlo. ${quien} leerá tu mensaje en cuanto pueda. Si estás pensando en hacerte daño o en quitarte la vida, no esperes su respuesta: llama ahora, hay personas listas para escucharte a cualquier hora.`,
    cerrar: 'Cerrar aviso',
  },
  // Administrator chat
  admin: {
    sinConversaciones: 'No hay conversaciones',
    seleccionaConversacion: 'Selecciona una conversación',
    iniciaConversacion: 'Inicia la conversación enviando un mensaje',
    nuevaConversacion: 'Nueva conversación',
    iniciar: 'Iniciar conversación',
    prefijoPropio: 'You:',
    psicologo: 'Psicólogo',
    paciente: 'Paciente',
    filtroTodos: 'Todos',
    filtroPsicologos: 'Psicólogos',
    filtroPacientes: 'Pacientes',
    sinUsuarios: 'No hay usuarios disponibles para iniciar una conversación.',
    seleccionaUsuario: 'Selecciona un usuario',
    errorEnviar: 'Error al enviar el mensaje. Inténtalo de nuevo.',
    chatExiste: 'Ya existe un chat con este usuario',
    errorCrear: 'Error al crear el chat. Inténtalo de nuevo.',
    errorCargarConversaciones: 'No se pudieron cargar las conversaciones.',
    errorCargarUsuarios: 'No se pudieron cargar los usuarios.',
    sinCoincidencias: 'Ningún usuario coincide con el filtro.',
  },
} as const;

// ---- Shared value schemas ----

/** A NUL (PostgreSQL text cannot hold it) or half of a surrogate pair (it would be stored as
 * another character than the one sent). */

const contenidoSchema = v.pipe(
  v.optional(v.string(MSG_CHAT.mensajeVacio), ''),
  // Invisible and direction characters are taken out (decision 331).
  sinInvisibles,
  v.trim(),
  v.nonEmpty(MSG_CHAT.mensajeVacio),
  v.check((s) => longitudTexto(s) <= MENSAJE_MAX, MSG_CHAT.mensajeLargo),
  v.check(caracteresValidos, MSG_CHAT.mensajeCaracteres),
);

/** A body that is not a JSON object (a string, a number…) gets a Spanish answer, not valibot's. */
const CUERPO_INVALIDO = MSG_GENERICO.cuerpoInvalido;

// A missing key reads as 0 so it gets the same Spanish message as an invalid one.
const idEntero = (msg: string) => v.pipe(v.optional(v.number(msg), 0), v.integer(msg), v.minValue(1, msg), v.maxValue(2_147_483_647, msg));

const idClienteSchema = v.optional(
  v.nullable(
    v.pipe(v.string(MSG_CHAT.idClienteInvalido), v.regex(new RegExp(`^[A-Za-z0-9_-]{8,${ID_CLIENTE_MAX}}$`), MSG_CHAT.idClienteInvalido)),
  ),
  null,
);

/** A numeric path segment (`/chats/{id}`). */
export const IdParamsSchema = v.object({
  id: v.pipe(idEnRuta(MSG_CHAT.idInvalido), v.minValue(1, MSG_CHAT.idInvalido)),
});
export const IdPacienteParamsSchema = v.object({
  id_paciente: v.pipe(v.string(), v.regex(/^\d{1,9}$/, MSG_CHAT.idInvalido), v.transform(Number), v.minValue(1, MSG_CHAT.idInvalido)),
});

// A repeated query parameter arrives as an array: it gets the same Spanish message.
const cursor = v.optional(v.pipe(v.string(MSG_CHAT.idInvalido), v.regex(/^\d{1,9}$/, MSG_CHAT.idInvalido), v.transform(Number)));

/** `GET .../mensajes`: all after `despues_de` (a reconnecting client), or the latest page before `antes_de`. */
export const MensajesQuerySchema = v.object({
  despues_de: cursor,
  antes_de: cursor,
  limite: v.optional(
    v.pipe(
      v.string(MSG_CHAT.idInvalido),
      v.regex(/^\d{1,4}$/, MSG_CHAT.idInvalido),
      v.transform(Number),
      v.minValue(1, MSG_CHAT.idInvalido),
      v.maxValue(PAGINA_MENSAJES_MAX, MSG_CHAT.idInvalido),
    ),
  ),
});

export const BuscarQuerySchema = v.object({
  q: v.optional(
    v.pipe(
      v.string(MSG_CHAT.busquedaInvalida),
      // No stored text holds a NUL, and PostgreSQL refuses one in a parameter.
      v.transform((s) => s.replaceAll('\u0000', '')),
      v.trim(),
      v.maxLength(BUSQUEDA_MAX, MSG_CHAT.busquedaLarga),
    ),
    '',
  ),
});

// ---- Requests ----

/** POST /api/psicologo/mensajes and POST /api/paciente/mensajes. */
export const EnviarMensajeSchema = v.object(
  {
    id_chat: idEntero(MSG_CHAT.chatObligatorio),
    contenido: contenidoSchema,
    id_cliente: idClienteSchema,
  },
  CUERPO_INVALIDO,
);
export type EnviarMensajeBody = v.InferInput<typeof EnviarMensajeSchema>;

/** POST /api/admin/mensajes (spec 2 §7). */
export const EnviarMensajeAdminSchema = v.object(
  {
    id_chat_admin: idEntero(MSG_CHAT.chatObligatorio),
    contenido: contenidoSchema,
    id_cliente: idClienteSchema,
  },
  CUERPO_INVALIDO,
);
export type EnviarMensajeAdminBody = v.InferInput<typeof EnviarMensajeAdminSchema>;

/** The composer's rule (spec 1 §5): trimmed, non-empty, within the limit. */
export const TextoMensajeSchema = contenidoSchema;

/** POST /api/psicologo/chats. */
export const CrearChatSchema = v.object(
  {
    id_paciente: idEntero(MSG_CHAT.seleccionaPaciente),
  },
  CUERPO_INVALIDO,
);

export const TIPOS_DESTINATARIO = ['psicologo', 'paciente'] as const;
export type TipoDestinatario = (typeof TIPOS_DESTINATARIO)[number];

/** POST /api/admin/chats. */
export const CrearChatAdminSchema = v.object(
  {
    destinatario_tipo: v.pipe(
      v.optional(v.string(MSG_CHAT.seleccionaUsuario), ''),
      v.check((s) => (TIPOS_DESTINATARIO as readonly string[]).includes(s), MSG_CHAT.seleccionaUsuario),
      v.transform((s) => s as TipoDestinatario),
    ),
    destinatario_id: idEntero(MSG_CHAT.seleccionaUsuario),
  },
  CUERPO_INVALIDO,
);
