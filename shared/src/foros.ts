// Community forums (spec 2 §2 Forum list…Topic conversation, §3 Forum…Invitation, §4, §5, §7, §8,
// §9). Request and response schemas, limits and every Spanish text of the domain, used by the
// server and the client. Socket events: realtime-foros.ts. Crisis phrases: foros-crisis.ts.
import * as v from 'valibot';
import { caracteresValidos, idEnRuta, longitudTexto, quitarInvisibles, sinInvisibles, textoDeNombre } from './comun';
import { MSG_GENERICO } from './errores';
import { AVISOS_FOROS } from './foros-avisos';

// ---- Constants of spec 2 §9 ----

export const FOROS_POR_PAGINA = 12;
export const TEMAS_POR_PAGINA = 20;
export const MENSAJES_FORO_POR_PAGINA = 50;
/** Largest page a client may ask for (forums, topics, messages by page). */
export const LIMITE_PAGINA_MAX = 100;
/** Posts one resync batch (`despues_de`) returns at most. */
export const LOTE_RESYNC_FORO = 500;
export const TITULO_FORO_MIN = 3;
export const TITULO_FORO_MAX = 255;
export const DESCRIPCION_FORO_MAX = 1000;
export const DESCRIPCION_PREVIA = 100;
/** Longest post, in characters (Unicode code points). docs/decisions/163. */
export const MENSAJE_FORO_MAX = 2000;
export const INVITACION_MENSAJE_MAX = 500;
export const MOTIVO_REPORTE_MAX = 500;
const BUSQUEDA_MAX = 100;
/** Posts and topics one account may publish per window, over every forum and device. */
export const PUBLICACIONES_POR_VENTANA = 8;
export const VENTANA_PUBLICACIONES_MS = 60_000;

export const ROLES_FORO = ['miembro', 'moderador', 'admin'] as const;
export type RolForo = (typeof ROLES_FORO)[number];
/** Spec 2 §4: a permission check compares this order. */
export const RANGO_ROL_FORO: Record<RolForo, number> = { miembro: 1, moderador: 2, admin: 3 };
export const tieneRango = (rol: RolForo | null | undefined, minimo: RolForo) =>
  rol != null && RANGO_ROL_FORO[rol] >= RANGO_ROL_FORO[minimo];

export const ESTADOS_INVITACION = ['pendiente', 'aceptada', 'rechazada'] as const;
export type EstadoInvitacion = (typeof ESTADOS_INVITACION)[number];
export type TipoUsuarioForo = 'psicologo' | 'paciente';

/** The crisis lines the footer already shows (docs/decisions/162). */
export const LINEAS_CRISIS = [
  { nombre: 'Línea de la Vida', telefono: '800 911 2000', detalle: 'gratuita, las 24 horas' },
  { nombre: 'Emergencias', telefono: '911', detalle: 'si tu vida corre peligro ahora' },
] as const;

// ---- Texts ----

export const MSG_FOROS = {
  idForoInvalido: 'El identificador del foro no es válido',
  idInvalido: 'El identificador no es válido',
  foroNoEncontrado: 'Foro no encontrado',
  temaNoEncontrado: 'Tema no encontrado',
  mensajeNoEncontrado: 'Mensaje no encontrado',
  participanteNoEncontrado: 'Participante no encontrado',
  invitacionNoEncontrada: 'Invitación no encontrada',
  requerido: 'Requerido',
  minimo3: `Mínimo ${TITULO_FORO_MIN} caracteres`,
  tituloLargo: `Máximo ${TITULO_FORO_MAX} caracteres`,
  tituloInvalido: 'El título contiene caracteres no válidos',
  descripcionLarga: `Máximo ${DESCRIPCION_FORO_MAX} caracteres`,
  descripcionInvalida: 'La descripción contiene caracteres no válidos',
  publicoInvalido: 'Indica si el foro es público o privado',
  psicologosNoUnirse: 'Los psicólogos no pueden unirse a foros',
  yaParticipas: 'Ya participas en este foro',
  noParticipas: 'No participas en este foro',
  soloMiembrosSalen: 'Solo los miembros pueden salir del foro desde aquí',
  soloParticipantes: 'Únete al foro para participar en él',
  soloAdmin: 'Solo el administrador del foro puede hacer esto',
  soloModeradores: 'Solo los moderadores del foro pueden hacer esto',
  removidoDelForo: 'Un moderador te quitó de este foro',
  rangoInsuficiente: 'No puedes quitar a alguien con un rol igual o superior al tuyo',
  cuentaLimitada: 'Tu cuenta tiene acceso limitado hasta que un administrador valide tu cédula profesional.',
  correoInvalido: 'Escribe el correo del psicólogo que quieres invitar',
  invitadoNoEncontrado: 'No encontramos un psicólogo activo con ese correo',
  invitarteATi: 'No puedes invitarte a ti mismo',
  invitadoYaParticipa: 'Esa persona ya participa en este foro',
  invitacionPendiente: 'Esa persona ya tiene una invitación pendiente a este foro',
  invitacionMensajeLargo: `El mensaje no puede exceder ${INVITACION_MENSAJE_MAX} caracteres`,
  invitacionRespondida: 'Esta invitación ya fue respondida',
  aceptarInvalido: 'Indica si aceptas la invitación',
  estadoInvalido: 'El estado no es válido',
  mensajeVacio: 'El mensaje no puede estar vacío',
  mensajeLargo: `El mensaje no puede exceder ${MENSAJE_FORO_MAX} caracteres`,
  mensajeCaracteres: 'El mensaje contiene caracteres no válidos',
  idClienteInvalido: 'El identificador del mensaje no es válido',
  motivoLargo: `El motivo no puede exceder ${MOTIVO_REPORTE_MAX} caracteres`,
  ocultoInvalido: 'Indica si el mensaje queda oculto',
  yaReportado: 'Ya reportaste este mensaje',
  demasiadasPublicaciones: 'Estás publicando muy rápido. Espera un momento antes de volver a publicar.',
  busquedaLarga: `La búsqueda no puede exceder ${BUSQUEDA_MAX} caracteres`,
  busquedaInvalida: 'La búsqueda no es válida',
  paginaInvalida: 'La página no es válida',
  limiteInvalido: `El límite debe estar entre 1 y ${LIMITE_PAGINA_MAX}`,
  filtroInvalido: 'El filtro no es válido',
  ordenInvalido: 'El orden no es válido',
  // Successes
  unido: 'Te has unido al foro',
  saliste: 'Saliste del foro',
  eliminado: 'Foro eliminado',
  invitacionEnviada: 'Invitación enviada',
  participanteRemovido: 'Participante removido del foro',
  reporteEnviado: 'Gracias. Los moderadores revisarán el mensaje.',
  leido: 'Tema marcado como leído',
} as const;

/** Texts of the forum screens (spec 2 §2, §8). */
export const TEXTOS_FOROS = {
  ...AVISOS_FOROS,
  titulo: 'Foros de la Comunidad',
  subtitulo: 'Espacios para conversar sobre el duelo, compartir experiencias y acompañarse.',
  crearForo: 'Crear foro',
  buscar: 'Buscar...',
  publicos: 'Públicos',
  privados: 'Privados',
  recientes: 'Más recientes',
  antiguos: 'Más antiguos',
  restablecer: 'Restablecer',
  publico: 'Público',
  privado: 'Privado',
  participantes: 'participantes',
  temas: 'temas',
  unirse: 'Unirse',
  sinForos: 'No hay foros disponibles',
  errorCargar: 'No se pudieron cargar los foros',
  confirmarUnirse: (t: string) => `¿Deseas unirte al foro "${t}"?`,
  errorUnirse: 'Error al unirse',
  anterior: 'Anterior',
  siguiente: 'Siguiente',
  // Create
  crearTitulo: 'Crear Nuevo Foro',
  campoTitulo: 'Título',
  campoDescripcion: 'Descripción',
  campoTipo: 'Tipo',
  tipoPublicoAyuda: 'Todos pueden unirse',
  tipoPrivadoAyuda: 'Solo por invitación',
  crear: 'Crear',
  creando: 'Creando...',
  cancelar: 'Cancelar',
  creado: 'Foro creado exitosamente',
  errorCrear: 'Error al crear el foro',
  // Invitations
  misInvitaciones: 'Mis Invitaciones',
  teInvito: 'te invitó a ser Moderador',
  aceptar: 'Aceptar',
  rechazar: 'Rechazar',
  sinInvitaciones: 'No tienes invitaciones',
  confirmarResponder: (aceptar: boolean) => `¿Deseas ${aceptar ? 'aceptar' : 'rechazar'} la invitación?`,
  errorResponder: 'Error al responder',
  aceptada: 'Invitación aceptada',
  rechazada: 'Invitación rechazada',
  estados: { pendiente: 'Pendiente', aceptada: 'Aceptada', rechazada: 'Rechazada' } as Record<string, string>,
  // Detail
  volver: 'Volver',
  tabTemas: 'Temas',
  tabParticipantes: 'Participantes',
  tabReportes: 'Reportes',
  sinReportes: 'No hay mensajes reportados',
  reportadoPor: 'Reportado por',
  verTema: 'Ver tema',
  nuevoTema: 'Nuevo Tema',
  promptTema: 'Título del nuevo tema',
  crearTema: 'Crear tema',
  mensajes: 'mensajes',
  sinTemas: 'No hay temas aún',
  errorCargarTemas: 'No se pudieron cargar los temas.',
  errorCargarReportes: 'No se pudieron cargar los reportes.',
  verMasTemas: 'Ver más temas',
  errorMasTemas: 'No se pudieron cargar más temas',
  unido: 'Unido',
  eliminarForo: 'Eliminar foro',
  confirmarEliminar: '¿Eliminar foro?',
  errorEliminar: 'Error',
  eliminado: 'Foro eliminado',
  temaCreado: 'Tema creado',
  errorTema: 'Error al crear tema',
  invitarModerador: 'Invitar moderador',
  correoInvitado: 'Correo del psicólogo',
  mensajeInvitacion: 'Mensaje (opcional)',
  invitar: 'Enviar invitación',
  quitar: 'Quitar',
  confirmarQuitar: (n: string) => `¿Quitar a ${n} del foro?`,
  noLeidos: (n: number) => `${n} sin leer`,
  // Conversation
  volverAlForo: 'Volver al foro',
  conversacion: 'Conversación',
  sinMensajes: 'No hay mensajes aún. ¡Sé el primero en escribir!',
  escribe: 'Escribe tu mensaje...',
  enviar: 'Enviar',
  errorEnviar: 'Error al enviar mensaje',
  enviando: MSG_GENERICO.enviando,
  noEnviado: MSG_GENERICO.noEnviado,
  nuevosMensajes: (n: number) => `${n} ${n === 1 ? 'nuevo mensaje' : 'nuevos mensajes'}`,
  mensajeOculto: 'Mensaje ocultado por la moderación',
  ocultar: 'Ocultar',
  mostrar: 'Mostrar',
  reportar: 'Reportar',
  reportado: 'Reportado',
  soloLectura: 'Solo los participantes del foro pueden escribir en este tema.',
  crisisTitulo: 'No estás solo/a',
  crisisTexto:
    'Lo que escribiste nos importa. Si estás pensando en hacerte daño o en quitarte la vida, habla ahora con alguien que puede ayudarte:',
  sinConexion: 'Sin conexión en tiempo real. Actualizando cada 30 segundos.',
  errorCargarMensajes: 'No se pudieron cargar los mensajes.',
  reintentar: MSG_GENERICO.reintentar,
  roles: { admin: 'Administrador', moderador: 'Moderador', miembro: 'Miembro' } as Record<string, string>,
  /** Beside an author's name: 'Psicólogo' misnamed every woman (issue 53) and no field records
   * gender, so the profession is named without one (decision 348). */
  tipos: { psicologo: 'Profesional de psicología', paciente: 'Paciente' } as Record<string, string>,
} as const;

// ---- Value schemas ----

const CUERPO_INVALIDO = MSG_GENERICO.cuerpoInvalido;

/** Forum path ids: numeric (spec 2 §5: otherwise an invalid-forum-id error). */
export const IdForoParamsSchema = v.object({ id: v.pipe(idEnRuta(MSG_FOROS.idForoInvalido), v.minValue(1, MSG_FOROS.idForoInvalido)) });
export const IdParamsSchema = v.object({ id: v.pipe(idEnRuta(MSG_FOROS.idInvalido), v.minValue(1, MSG_FOROS.idInvalido)) });
export const IdParticipanteParamsSchema = v.object({
  id: v.pipe(idEnRuta(MSG_FOROS.idForoInvalido), v.minValue(1, MSG_FOROS.idForoInvalido)),
  idParticipante: v.pipe(idEnRuta(MSG_FOROS.idInvalido), v.minValue(1, MSG_FOROS.idInvalido)),
});

const entero = (msg: string, max: number) =>
  v.pipe(v.string(msg), v.regex(/^\d{1,9}$/, msg), v.transform(Number), v.minValue(1, msg), v.maxValue(max, msg));
const pagina = v.optional(entero(MSG_FOROS.paginaInvalida, 1_000_000), '1');
const limite = (defecto: number) => v.optional(entero(MSG_FOROS.limiteInvalido, LIMITE_PAGINA_MAX), String(defecto));

const buscar = v.optional(
  v.pipe(
    v.string(MSG_FOROS.busquedaInvalida),
    v.transform((s) => s.replaceAll('\u0000', '')),
    v.trim(),
    v.maxLength(BUSQUEDA_MAX, MSG_FOROS.busquedaLarga),
  ),
  '',
);

/** GET /api/foros: buscar, publico, ordenar, page, limit (spec 2 §7, §9). */
export const ListaForosQuerySchema = v.object({
  buscar,
  publico: v.optional(
    v.pipe(
      v.string(MSG_FOROS.filtroInvalido),
      v.picklist(['true', 'false'], MSG_FOROS.filtroInvalido),
      v.transform((s) => s === 'true'),
    ),
  ),
  ordenar: v.optional(v.picklist(['recientes', 'antiguos'], MSG_FOROS.ordenInvalido), 'recientes'),
  page: pagina,
  limit: limite(FOROS_POR_PAGINA),
});
export type ListaForosQuery = v.InferInput<typeof ListaForosQuerySchema>;

export const PaginaTemasQuerySchema = v.object({ page: pagina, limit: limite(TEMAS_POR_PAGINA) });

const cursor = v.optional(v.pipe(v.string(MSG_FOROS.idInvalido), v.regex(/^\d{1,9}$/, MSG_FOROS.idInvalido), v.transform(Number)));
/** GET temas/{id}/mensajes: chronological pages (page 1 = oldest), or every post after `despues_de`
 * (a reconnecting or polling client) up to `limite`. */
export const MensajesForoQuerySchema = v.object({
  page: pagina,
  limit: limite(MENSAJES_FORO_POR_PAGINA),
  despues_de: cursor,
  limite: v.optional(entero(MSG_FOROS.limiteInvalido, LOTE_RESYNC_FORO)),
});

export const MisInvitacionesQuerySchema = v.object({
  estado: v.optional(v.picklist(['', ...ESTADOS_INVITACION], MSG_FOROS.estadoInvalido), ''),
});

// ---- Requests ----

const tituloSchema = v.pipe(
  v.optional(v.string(MSG_FOROS.requerido), ''),
  v.trim(),
  v.nonEmpty(MSG_FOROS.requerido),
  v.check((s) => longitudTexto(s) >= TITULO_FORO_MIN, MSG_FOROS.minimo3),
  v.check((s) => longitudTexto(s) <= TITULO_FORO_MAX, MSG_FOROS.tituloLargo),
  v.check(textoDeNombre, MSG_FOROS.tituloInvalido),
);

const descripcionSchema = v.pipe(
  v.optional(v.nullable(v.string(MSG_FOROS.descripcionInvalida)), ''),
  // Invisible and direction characters are taken out of prose others read (decision 331).
  v.transform((s) => quitarInvisibles(s ?? '').trim()),
  v.check((s) => longitudTexto(s) <= DESCRIPCION_FORO_MAX, MSG_FOROS.descripcionLarga),
  v.check(caracteresValidos, MSG_FOROS.descripcionInvalida),
  v.transform((s) => (s === '' ? null : s)),
);

/** POST /api/foros (spec 2 §3 create payload). `publico` defaults to public (spec 2 §5). */
export const CrearForoSchema = v.object(
  {
    titulo: tituloSchema,
    descripcion: descripcionSchema,
    publico: v.optional(v.boolean(MSG_FOROS.publicoInvalido), true),
  },
  CUERPO_INVALIDO,
);
export type CrearForoBody = v.InferInput<typeof CrearForoSchema>;

/** PUT /api/foros/{id}: the same fields, each optional. */
export const ActualizarForoSchema = v.object(
  {
    titulo: v.optional(tituloSchema),
    descripcion: v.optional(descripcionSchema),
    publico: v.optional(v.boolean(MSG_FOROS.publicoInvalido)),
  },
  CUERPO_INVALIDO,
);

/** The create form's title rule alone (spec 2 §5), also the new-topic prompt's. */
export const TituloForoSchema = tituloSchema;

export const CrearTemaSchema = v.object({ titulo: tituloSchema }, CUERPO_INVALIDO);

const contenidoSchema = v.pipe(
  v.optional(v.string(MSG_FOROS.mensajeVacio), ''),
  sinInvisibles,
  v.trim(),
  v.nonEmpty(MSG_FOROS.mensajeVacio),
  v.check((s) => longitudTexto(s) <= MENSAJE_FORO_MAX, MSG_FOROS.mensajeLargo),
  v.check(caracteresValidos, MSG_FOROS.mensajeCaracteres),
);
/** The composer's rule (spec 2 §5): trimmed, non-empty, within the limit. */
export const TextoMensajeForoSchema = contenidoSchema;

export const idClienteSchema = v.optional(
  v.nullable(v.pipe(v.string(MSG_FOROS.idClienteInvalido), v.regex(/^[A-Za-z0-9_-]{8,64}$/, MSG_FOROS.idClienteInvalido))),
  null,
);

/** POST temas/{id}/mensajes: contenido, and an optional client id making a retry idempotent. */
export const CrearMensajeForoSchema = v.object({ contenido: contenidoSchema, id_cliente: idClienteSchema }, CUERPO_INVALIDO);
export type CrearMensajeForoBody = v.InferInput<typeof CrearMensajeForoSchema>;

/** POST {id}/invitar (docs/decisions/160): the invitee's email and an optional note. */
export const InvitarSchema = v.object(
  {
    correo: v.pipe(
      v.optional(v.string(MSG_FOROS.correoInvalido), ''),
      v.trim(),
      v.toLowerCase(),
      v.nonEmpty(MSG_FOROS.correoInvalido),
      v.maxLength(254, MSG_FOROS.correoInvalido),
      v.email(MSG_FOROS.correoInvalido),
    ),
    mensaje: v.pipe(
      v.optional(v.nullable(v.string(MSG_FOROS.invitacionMensajeLargo)), ''),
      v.transform((s) => quitarInvisibles(s ?? '').trim()),
      v.check((s) => longitudTexto(s) <= INVITACION_MENSAJE_MAX, MSG_FOROS.invitacionMensajeLargo),
      v.check(caracteresValidos, MSG_FOROS.invitacionMensajeLargo),
      v.transform((s) => (s === '' ? null : s)),
    ),
  },
  CUERPO_INVALIDO,
);
export type InvitarBody = v.InferInput<typeof InvitarSchema>;

const booleano = (msg: string) =>
  v.pipe(
    v.optional(v.unknown(), null),
    v.check((x) => typeof x === 'boolean', msg),
    v.transform((x) => x as boolean),
  );

export const ResponderInvitacionSchema = v.object({ aceptar: booleano(MSG_FOROS.aceptarInvalido) }, CUERPO_INVALIDO);

/** Hiding a post is said explicitly, `{ oculto: true }` (decision 330): a missing flag is a 400, never a hide. */
export const OcultarMensajeSchema = v.object({ oculto: booleano(MSG_FOROS.ocultoInvalido) }, CUERPO_INVALIDO);

export const ReportarMensajeSchema = v.object(
  {
    motivo: v.pipe(
      v.optional(v.nullable(v.string(MSG_FOROS.motivoLargo)), ''),
      v.transform((s) => quitarInvisibles(s ?? '').trim()),
      v.check((s) => longitudTexto(s) <= MOTIVO_REPORTE_MAX, MSG_FOROS.motivoLargo),
      v.check(caracteresValidos, MSG_FOROS.motivoLargo),
      v.transform((s) => (s === '' ? null : s)),
    ),
  },
  CUERPO_INVALIDO,
);

// ---- Responses (wrapped in `data`, lists with `meta`: spec 2 §7) ----

const rol = v.picklist(ROLES_FORO);
const tipoUsuario = v.picklist(['psicologo', 'paciente']);

export const ForoSchema = v.object({
  id_foro: v.number(),
  titulo: v.string(),
  descripcion: v.nullable(v.string()),
  publico: v.boolean(),
  total_participantes: v.number(),
  total_temas: v.number(),
  es_participante: v.boolean(),
  rol_usuario: v.nullable(rol),
  fecha_creacion: v.string(),
});
export type Foro = v.InferOutput<typeof ForoSchema>;

export const MetaSchema = v.object({ total: v.number(), page: v.number(), limit: v.number(), totalPages: v.number() });
export type Meta = v.InferOutput<typeof MetaSchema>;

export const ListaForosSchema = v.object({ data: v.array(ForoSchema), meta: MetaSchema });
export const ForoRespuestaSchema = v.object({ data: ForoSchema });

export const AutorSchema = v.object({ id: v.number(), nombre: v.string(), apellido: v.string(), tipo: tipoUsuario });
export type Autor = v.InferOutput<typeof AutorSchema>;

export const TemaSchema = v.object({
  id_tema: v.number(),
  id_foro: v.number(),
  titulo: v.string(),
  total_mensajes: v.number(),
  ultimo_seq: v.number(),
  fecha_creacion: v.string(),
  fecha_actividad: v.string(),
  autor: AutorSchema,
  /** Posts of others after the reader's last read one; null for a reader who does not take part. */
  no_leidos: v.nullable(v.number()),
});
export type Tema = v.InferOutput<typeof TemaSchema>;
export const ListaTemasSchema = v.object({ data: v.array(TemaSchema), meta: MetaSchema });
export const TemaRespuestaSchema = v.object({ data: TemaSchema });

export const MensajeForoSchema = v.object({
  id_mensaje: v.number(),
  id_tema: v.number(),
  seq: v.number(),
  autor: AutorSchema,
  /** Empty for a hidden post, except for the forum's moderators. */
  contenido: v.string(),
  fecha_envio: v.string(),
  id_cliente: v.nullable(v.string()),
  oculto: v.boolean(),
});
export type MensajeForo = v.InferOutput<typeof MensajeForoSchema>;

export const ListaMensajesForoSchema = v.object({
  data: v.array(MensajeForoSchema),
  /** The topic's forum and title ride along, so a screen opened under another forum's address can correct it. */
  meta: v.object({ ...MetaSchema.entries, ultimo_seq: v.number(), id_foro: v.number(), titulo_tema: v.string() }),
});

/** The created post; `crisis` tells its author to show the crisis lines (docs/decisions/162). */
export const MensajeCreadoSchema = v.object({ data: v.object({ ...MensajeForoSchema.entries, crisis: v.boolean() }) });
export const TemaCreadoSchema = v.object({ data: v.object({ ...TemaSchema.entries, crisis: v.boolean() }) });

export const ParticipanteSchema = v.object({
  id_participante: v.number(),
  usuario: v.object({ id: v.number(), nombre: v.string(), apellido: v.string() }),
  rol,
  tipo_usuario: tipoUsuario,
  fecha_union: v.string(),
});
export type Participante = v.InferOutput<typeof ParticipanteSchema>;
export const ListaParticipantesSchema = v.object({ data: v.array(ParticipanteSchema) });

export const InvitacionSchema = v.object({
  id_invitacion: v.number(),
  id_foro: v.number(),
  foro: v.object({ titulo: v.string() }),
  invitador: v.object({ nombre: v.string(), apellidoPaterno: v.string() }),
  mensaje: v.nullable(v.string()),
  fecha_invitacion: v.string(),
  estado: v.picklist(ESTADOS_INVITACION),
});
export type Invitacion = v.InferOutput<typeof InvitacionSchema>;
export const ListaInvitacionesSchema = v.object({ data: v.array(InvitacionSchema) });
export const InvitacionRespuestaSchema = v.object({ data: InvitacionSchema, msg: v.string() });

export const MsgRespuestaSchema = v.object({ data: v.object({ msg: v.string() }) });
export const UnirseRespuestaSchema = v.object({ data: ForoSchema, msg: v.string() });
export const OcultarRespuestaSchema = v.object({ data: MensajeForoSchema });
export const ReporteRespuestaSchema = v.object({ data: v.object({ id_reporte: v.number(), msg: v.string() }) });
export const LeerTemaRespuestaSchema = v.object({ data: v.object({ hasta_seq: v.number(), no_leidos: v.number() }) });

export const ReporteSchema = v.object({
  id_reporte: v.number(),
  id_mensaje: v.number(),
  id_tema: v.number(),
  tema: v.string(),
  motivo: v.nullable(v.string()),
  fecha: v.string(),
  reportante: v.object({ nombre: v.string(), apellido: v.string(), tipo: tipoUsuario }),
  mensaje: MensajeForoSchema,
});
export type Reporte = v.InferOutput<typeof ReporteSchema>;
export const ListaReportesSchema = v.object({ data: v.array(ReporteSchema) });

export const PendientesSchema = v.object({ data: v.object({ pendientes: v.number() }) });

/** The server's order of a forum's topics: most recent activity first, the newer topic first on a tie. */
export const porActividad = (x: Tema, y: Tema) =>
  x.fecha_actividad === y.fecha_actividad ? y.id_tema - x.id_tema : x.fecha_actividad < y.fecha_actividad ? 1 : -1;

/** Topics as a forum's screens list them (`porActividad`), each topic once (the copy with the
 * later post kept). */
export function unirTemas(actuales: readonly Tema[], nuevos: readonly Tema[]): Tema[] {
  const porId = new Map(actuales.map((t) => [t.id_tema, t]));
  for (const t of nuevos) {
    const previo = porId.get(t.id_tema);
    if (!previo || t.ultimo_seq >= previo.ultimo_seq) porId.set(t.id_tema, t);
  }
  return [...porId.values()].sort(porActividad);
}

/**
 * A forum's first `cuantos` topics (a multiple of the topics' page size, 20), in pages of up to
 * 100: what a screen that has shown that many reloads. 'Ver más temas' then asks for the next page
 * of 20 (`page` = cuantos / 20 + 1), which starts right after them.
 */
export async function temasHasta(
  pedir: (page: number, limit: number) => Promise<{ data: Tema[]; meta: Meta }>,
  cuantos: number,
): Promise<{ data: Tema[]; meta: Meta }> {
  const limite = Math.min(cuantos, LIMITE_PAGINA_MAX);
  const paginas = await Promise.all(Array.from({ length: Math.ceil(cuantos / limite) }, (_, i) => pedir(i + 1, limite)));
  return {
    data: unirTemas(
      [],
      paginas.flatMap((p) => p.data),
    ).slice(0, cuantos),
    meta: paginas[0].meta,
  };
}

/** Page count of a list (at least 1 page shown as "1 of 1" is not needed: 0 items → 0 pages). */
export const totalPaginas = (total: number, limit: number) => Math.ceil(total / limit);

/** Spec 2 §9: the description preview of a card. */
export const descripcionPrevia = (d: string | null) =>
  d == null ? '' : longitudTexto(d) > DESCRIPCION_PREVIA ? `${[...d].slice(0, DESCRIPCION_PREVIA).join('')}...` : d;
