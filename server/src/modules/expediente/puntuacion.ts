// Scoring of a test application (decision 101): pure, from the stored rules of the test and the
// answers as sent. The client never sends a score; every question must be answered with a value
// valid for its tipo_respuesta, otherwise a Spanish 400 and nothing is written.
import { caracteresValidos, quitarInvisibles } from '@miduelo/shared/comun';
import { MSG_EXPEDIENTE, maximoDeEscala, RESPUESTA_TEXTO_MAX, type TipoRespuesta } from '@miduelo/shared/expediente';
import { badRequest } from '../../errors';

export interface PreguntaRegla {
  id_pregunta: number;
  orden: number;
  tipo_respuesta: TipoRespuesta;
  inversa: boolean;
  alerta: boolean;
}
export interface BandaRegla {
  minimo: number;
  maximo: number;
  interpretacion: string;
  riesgo: boolean;
}
export interface ReglasTest {
  tipo_escala: string;
  desplazamiento: number;
  preguntas: PreguntaRegla[];
  bandas: BandaRegla[];
}

/** An answer ready to store: `valor` is '1'…'7', 'si'/'no' or the (plain) text of a texto question. */
export interface RespuestaNormalizada {
  id_pregunta: number;
  tipo_respuesta: TipoRespuesta;
  valor: string;
}

export interface Puntuacion {
  respuestas: RespuestaNormalizada[];
  puntaje_total: number;
  interpretacion: string;
  riesgo: boolean;
}

const SIN_BANDA = 'Sin interpretación';

function siNo(r: unknown): 'si' | 'no' | null {
  if (r === true || r === 1) return 'si';
  if (r === false || r === 0) return 'no';
  if (typeof r !== 'string') return null;
  const t = r.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return t === 'si' || t === '1' ? 'si' : t === 'no' || t === '0' ? 'no' : null;
}

function escala(r: unknown, max: number): number | null {
  const n = typeof r === 'number' ? r : typeof r === 'string' && /^\s*\d{1,2}\s*$/.test(r) ? Number(r) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= max ? n : null;
}

/** Lowest and highest total a test can give (its scored items at their extremes). */
export function rangoDePuntaje(reglas: Pick<ReglasTest, 'tipo_escala' | 'desplazamiento' | 'preguntas'>): {
  minimo: number;
  maximo: number;
} {
  const max = maximoDeEscala(reglas.tipo_escala);
  let minimo = 0;
  let maximo = 0;
  for (const p of reglas.preguntas) {
    if (p.tipo_respuesta === 'escala') {
      minimo += 1 + reglas.desplazamiento;
      maximo += max + reglas.desplazamiento;
    } else if (p.tipo_respuesta === 'si_no') maximo += 1;
  }
  return { minimo, maximo };
}

/** The band of a total (bands are closed ranges that do not overlap). */
export function bandaDe(bandas: BandaRegla[], puntaje: number): BandaRegla | null {
  return bandas.find((b) => puntaje >= b.minimo && puntaje <= b.maximo) ?? null;
}

export function puntuar(reglas: ReglasTest, entrada: { id_pregunta: number; respuesta?: unknown }[]): Puntuacion {
  const porId = new Map(reglas.preguntas.map((p) => [p.id_pregunta, p]));
  const dadas = new Map<number, unknown>();
  for (const r of entrada) {
    if (!porId.has(r.id_pregunta)) throw badRequest(MSG_EXPEDIENTE.preguntaAjena, 'RESPUESTA_INVALIDA');
    if (dadas.has(r.id_pregunta)) throw badRequest(MSG_EXPEDIENTE.preguntaRepetida, 'RESPUESTA_INVALIDA');
    dadas.set(r.id_pregunta, r.respuesta);
  }
  const total = reglas.preguntas.length;
  const respondidas = reglas.preguntas.filter((p) => {
    const r = dadas.get(p.id_pregunta);
    return r !== undefined && r !== null && !(typeof r === 'string' && r.trim() === '');
  }).length;
  if (respondidas < total) throw badRequest(MSG_EXPEDIENTE.faltanRespuestas(respondidas, total), 'RESPUESTAS_INCOMPLETAS');

  const max = maximoDeEscala(reglas.tipo_escala);
  const ordenadas = [...reglas.preguntas].sort((a, b) => a.orden - b.orden);
  const respuestas: RespuestaNormalizada[] = [];
  let puntaje = 0;
  let alerta = false;
  for (const p of ordenadas) {
    const r = dadas.get(p.id_pregunta);
    if (p.tipo_respuesta === 'escala') {
      const n = escala(r, max);
      if (n === null) throw badRequest(MSG_EXPEDIENTE.respuestaEscala(p.orden, max), 'RESPUESTA_INVALIDA');
      puntaje += (p.inversa ? 1 + max - n : n) + reglas.desplazamiento;
      if (p.alerta && n === max) alerta = true;
      respuestas.push({ id_pregunta: p.id_pregunta, tipo_respuesta: p.tipo_respuesta, valor: String(n) });
    } else if (p.tipo_respuesta === 'si_no') {
      const s = siNo(r);
      if (s === null) throw badRequest(MSG_EXPEDIENTE.respuestaSiNo(p.orden), 'RESPUESTA_INVALIDA');
      const positivo = s === 'si';
      puntaje += positivo !== p.inversa ? 1 : 0;
      if (p.alerta && positivo) alerta = true;
      respuestas.push({ id_pregunta: p.id_pregunta, tipo_respuesta: p.tipo_respuesta, valor: s });
    } else {
      // Prose another person reads: invisible and bidirectional characters are taken out before the
      // trim and the length check, as in every other free text (decision 331).
      const t = typeof r === 'string' ? quitarInvisibles(r).trim() : '';
      if (t === '' || t.length > RESPUESTA_TEXTO_MAX || !caracteresValidos(t))
        throw badRequest(MSG_EXPEDIENTE.respuestaTexto(p.orden), 'RESPUESTA_INVALIDA');
      respuestas.push({ id_pregunta: p.id_pregunta, tipo_respuesta: p.tipo_respuesta, valor: t });
    }
  }
  const banda = bandaDe(reglas.bandas, puntaje);
  return {
    respuestas,
    puntaje_total: puntaje,
    interpretacion: banda?.interpretacion ?? SIN_BANDA,
    riesgo: (banda?.riesgo ?? false) || alerta,
  };
}
