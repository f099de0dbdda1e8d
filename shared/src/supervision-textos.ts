// What the administrator's Supervisión screen and the bar's crisis notice say (issue 55, decision
// 368). Kept in shared/ because the browser tests read the same texts.
import { APERTURA_MINUTOS } from './supervision';

const plural = (n: number, uno: string, varios: string) => `${n} ${n === 1 ? uno : varios}`;

export const TEXTOS_SUPERVISION = {
  titulo: 'Supervisión',
  descripcion:
    'Las conversaciones entre psicólogos y pacientes, solo con sus datos generales. Para leer una, ábrela con su motivo y su razón: dura 30 minutos, queda en la bitácora y se avisa al psicólogo o psicóloga.',
  menu: 'Supervisión',

  // The bar's notice and the alerts section.
  barraAlertas: (n: number) => `Alertas de crisis (${n})`,
  barraExplica: 'Mensajes de crisis que nadie ha abierto a tiempo. Atiéndelos en Supervisión.',
  alertasTitulo: 'Alertas de crisis',
  alertasExplica:
    'Un paciente escribió palabras de riesgo en el chat y su psicólogo o psicóloga no lo abrió a tiempo. La alerta no muestra el mensaje.',
  alertaDesde: (hace: string) => `Mensaje de crisis sin abrir desde ${hace}`,
  atender: 'Atender',
  atenderCon: (paciente: string) => `Atender la alerta de ${paciente}`,
  atenderTitulo: (paciente: string) => `Atender la alerta de ${paciente}`,
  atenderExplica: 'Escribe qué se hizo. Queda en la bitácora y la alerta se cierra para toda la administración.',
  accionEtiqueta: 'Qué se hizo',
  accionAyuda: 'Por ejemplo: se llamó a la psicóloga y ya está en contacto con el paciente. No copies lo que escribió el paciente.',
  marcarAtendida: 'Marcar como atendida',

  // Filters and the list.
  filtros: 'Filtros',
  filtroEspera: 'Esperando respuesta',
  esperaCualquiera: 'Cualquier espera',
  esperaMas: (h: number) => (h % 24 === 0 && h >= 24 ? `Más de ${plural(h / 24, 'día', 'días')}` : `Más de ${h} h`),
  filtroCrisis: 'Solo con marca de crisis',
  filtroPsicologo: 'Psicólogo o psicóloga',
  psicologoTodos: 'Todos',
  orden: 'Ordenar por',
  ordenes: {
    espera: 'Mayor espera',
    actividad: 'Actividad más reciente',
    volumen: 'Más mensajes en 7 días',
    psicologo: 'Psicólogo o psicóloga',
  },
  conversaciones: 'Conversaciones',
  total: (n: number) => plural(n, 'conversación', 'conversaciones'),
  vacioTitulo: 'No hay conversaciones que supervisar',
  vacioTexto: 'Aquí aparecen las conversaciones de chat entre psicólogos y sus pacientes.',
  sinResultadosTitulo: 'Ninguna conversación coincide',
  sinResultadosTexto: 'Prueba con otros filtros.',
  quitarFiltros: 'Quitar filtros',
  errorCargar: 'No se pudieron cargar las conversaciones.',
  errorAlertas: 'No se pudieron cargar las alertas de crisis.',
  psicologo: 'Psicólogo(a)',
  paciente: 'Paciente',
  esperando: (n: number) => `${plural(n, 'mensaje', 'mensajes')} sin respuesta`,
  desde: (hace: string) => `desde ${hace}`,
  alDia: 'Sin mensajes por responder',
  ultimaActividad: 'Última actividad',
  volumen: (n: number) => `${plural(n, 'mensaje', 'mensajes')} en 7 días`,
  marcaAlertas: (n: number) => plural(n, 'alerta de crisis abierta', 'alertas de crisis abiertas'),
  marcaSinAbrir: (n: number) => plural(n, 'mensaje de crisis sin abrir', 'mensajes de crisis sin abrir'),
  marca48h: 'Más de 48 h sin respuesta',
  abiertaHasta: (hora: string) => `Abierta por ti hasta las ${hora}`,
  abrir: 'Abrir conversación',
  abrirCon: (paciente: string, psicologo: string) => `Abrir la conversación de ${paciente} con ${psicologo}`,
  verAbierta: 'Ver conversación',

  // Opening: motive and reason.
  aperturaTitulo: 'Abrir la conversación',
  aperturaDe: (paciente: string, psicologo: string) => `${paciente} con ${psicologo}`,
  aperturaExplica: (psicologo: string) =>
    `Podrás leerla, sin escribir, durante ${APERTURA_MINUTOS} minutos. La apertura queda en la bitácora con su motivo y su razón, y se avisa a ${psicologo} en ese momento.`,
  motivo: 'Motivo',
  razon: 'Razón',
  razonAyuda:
    'Explica por qué necesitas leerla. No copies aquí lo que escribió el paciente: la razón la lee el psicólogo o psicóloga y queda en la bitácora.',
  caracteres: (n: number, max: number) => `${n}/${max}`,
  cancelar: 'Cancelar',
  confirmarApertura: 'Abrir conversación',

  // The read-only view.
  soloLectura: (admin: string, hora: string, psicologo: string) =>
    `Solo lectura · supervisión abierta por ${admin} hasta las ${hora} · se avisó a ${psicologo}`,
  quedan: (min: number) => (min <= 1 ? 'Queda menos de 1 minuto' : `Quedan ${min} minutos`),
  mensajes: 'Mensajes de la conversación',
  sinMensajes: 'Esta conversación todavía no tiene mensajes.',
  anteriores: 'Ver mensajes anteriores',
  marcaCrisis: 'Lenguaje de crisis',
  cargandoMensajes: 'Cargando mensajes...',
  terminadaTitulo: 'La supervisión terminó',
  abrirDeNuevo: 'Abrir de nuevo',
  escribirA: (psicologo: string) => `Escribir a ${psicologo}`,
  cerrar: 'Cerrar',
} as const;

/** The "waiting longer than" filter's choices (hours). */
export const ESPERAS_FILTRO = [1, 6, 12, 24, 48, 72, 168] as const;
