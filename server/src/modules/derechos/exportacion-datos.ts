// The export's content (decision 376): the rows of exportacion-repo.ts opened with the at-rest keys
// (decision 070; each value's AAD is its `tabla.columna`) and shaped as the shared schema says. The
// evidence files are listed here and streamed into the ZIP later, one at a time.
import {
  type Exportacion,
  ExportacionSchema,
  FORMATO_EXPORTACION,
  TEXTO_EXPORTACION,
  VERSION_EXPORTACION,
} from '@miduelo/shared/derechos-exportacion';
import * as v from 'valibot';
import type { Cifrador } from '../../comun/cifrado';
import { COLUMNA_NOTAS_CITA } from '../../comun/cita-paciente';
import { leerFechaPerdida } from '../../comun/perdida';
import { sinRelleno } from '../../comun/relleno';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import * as repo from './exportacion-repo';

/** A file of hers to copy into the ZIP: the store's key and the path inside the ZIP. */
export interface ArchivoEvidencia {
  clave: string;
  ruta: string;
}

const iso = (d: Date) => d.toISOString();
const isoONulo = (d: Date | null) => (d === null ? null : d.toISOString());
const hhmm = (h: string) => h.slice(0, 5);
const abrirONulo = (cif: Cifrador, valor: string | null, columna: string) => (valor === null ? null : cif.leer(valor, columna));

/** A file name safe inside a ZIP on any system: no folders, no control or reserved characters. */
export function nombreSeguro(nombre: string): string {
  const limpio = nombre
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}\p{Cf}]/gu, '_')
    .replace(/^\.+/, '_')
    .trim()
    .slice(0, 120);
  return limpio === '' ? 'archivo' : limpio;
}

async function perfil(db: DbOrTx, cif: Cifrador, idPaciente: number): Promise<Exportacion['perfil']> {
  const p = await repo.perfilGuardado(db, idPaciente);
  if (!p) throw notFound('Paciente no encontrado');
  return {
    id_paciente: p.id_paciente,
    nombre: p.nombre,
    apellido_paterno: p.apellido_paterno,
    apellido_materno: p.apellido_materno,
    email: p.email,
    telefono: p.telefono,
    fecha_nacimiento: p.fecha_nacimiento,
    fecha_perdida: leerFechaPerdida(cif, p.fecha_perdida),
    persona_perdida: abrirONulo(cif, p.persona_perdida, 'paciente.persona_perdida'),
    estado: p.status === 'inactivo' ? 'inactivo' : 'activo',
    cuenta_creada_en: iso(p.creada),
    cuenta_activada_en: isoONulo(p.activada),
    psicologo: p.psicologo_nombre && p.psicologo_cedula ? { nombre: p.psicologo_nombre, cedula: p.psicologo_cedula } : null,
  };
}

function conversaciones(filas: Awaited<ReturnType<typeof repo.mensajes>>, cif: Cifrador): Exportacion['conversaciones'] {
  const porChat = new Map<number, Exportacion['conversaciones'][number]>();
  for (const m of filas) {
    let c = porChat.get(m.id_chat);
    if (!c) {
      c = { con: m.tipo === 'admin' ? 'equipo_miduelo' : 'psicologo', mensajes: [] };
      porChat.set(m.id_chat, c);
    }
    c.mensajes.push({
      seq: m.seq,
      remitente: m.remitente as 'paciente' | 'psicologo' | 'admin',
      contenido: cif.leer(m.contenido, 'mensaje.contenido'),
      fecha_envio: iso(m.fecha_envio),
    });
  }
  return [...porChat.values()];
}

async function actividades(db: DbOrTx, cif: Cifrador, idPaciente: number, archivos: ArchivoEvidencia[]) {
  const evs = await repo.evidenciasPropias(db, idPaciente);
  const usados = new Set<string>();
  const lista: Exportacion['actividades'] = (await repo.asignaciones(db, idPaciente)).map((a) => ({
    id_asignacion: a.id_asignacion,
    titulo: a.titulo,
    estado: a.estado,
    fecha_asignacion: iso(a.fecha_asignacion),
    fecha_limite: a.fecha_limite,
    fecha_completada: isoONulo(a.fecha_completada),
    instrucciones: abrirONulo(cif, a.instrucciones, 'actividad_asignada.instrucciones_personalizadas'),
    evidencia_visible_para_psicologo: a.visible,
    evidencias: [],
  }));
  const porId = new Map(lista.map((a) => [a.id_asignacion, a]));
  for (const e of evs) {
    const nombre = abrirONulo(cif, e.nombre_archivo, 'evidencia.nombre_archivo');
    let ruta: string | null = null;
    if (e.clave) {
      ruta = `evidencias/${e.id_evidencia}-${nombreSeguro(nombre ?? 'archivo')}`;
      if (usados.has(ruta)) ruta = `evidencias/${e.id_evidencia}-${e.clave}`;
      usados.add(ruta);
      archivos.push({ clave: e.clave, ruta });
    }
    porId.get(e.id_asignacion)?.evidencias.push({
      id_evidencia: e.id_evidencia,
      tipo_archivo: e.tipo_archivo,
      nombre_archivo: nombre,
      mime: e.mime,
      tamano: e.tamano,
      enlace: abrirONulo(cif, e.enlace, 'evidencia.enlace'),
      comentario: abrirONulo(cif, e.comentario, 'evidencia.comentario'),
      fecha_subida: iso(e.fecha_subida),
      archivo_en_zip: ruta,
    });
  }
  return lista;
}

/** Everything the platform holds about the patient, opened; and the evidence files to copy. */
export async function reunirExportacion(
  db: DbOrTx,
  cif: Cifrador,
  o: { idPaciente: number; ahora: Date },
): Promise<{ datos: Exportacion; archivos: ArchivoEvidencia[] }> {
  const { idPaciente } = o;
  const archivos: ArchivoEvidencia[] = [];
  const op = await repo.oposicion(db, idPaciente);
  const exp = await repo.resumenExpediente(db, idPaciente);
  const datos: Exportacion = {
    formato: FORMATO_EXPORTACION,
    version: VERSION_EXPORTACION,
    generada_en: iso(o.ahora),
    avisos: { rectificacion: TEXTO_EXPORTACION.rectificacion, terceros: TEXTO_EXPORTACION.terceros, archivos: TEXTO_EXPORTACION.archivos },
    perfil: await perfil(db, cif, idPaciente),
    consentimientos: (await repo.consentimientos(db, idPaciente)).map((c) => ({
      tipo: c.tipo as 'aviso_privacidad' | 'consentimiento_informado',
      version: c.version,
      titulo: c.titulo,
      aceptado_en: iso(c.aceptado_en),
    })),
    citas: (await repo.citas(db, idPaciente)).map((c) => ({
      id_cita: c.id_cita,
      fecha: c.fecha,
      hora_inicio: hhmm(c.hora_inicio),
      hora_fin: hhmm(c.hora_fin),
      modalidad: c.modalidad,
      estado: c.estado,
      // The psychologist's notes on an appointment stay with the psychologist (decision 038).
      notas: c.origen === 'paciente' ? abrirONulo(cif, c.notas, COLUMNA_NOTAS_CITA) : null,
      solicitada_por: c.origen === 'paciente' ? 'paciente' : 'psicologo',
    })),
    conversaciones: conversaciones(await repo.mensajes(db, idPaciente), cif),
    diario: (await repo.diario(db, idPaciente)).map((d) => ({
      fecha: d.fecha,
      emocion: sinRelleno(cif.leer(d.emocion, 'diario_emocion.emocion')),
      intensidad: Number(sinRelleno(cif.leer(d.intensidad, 'diario_emocion.intensidad'))),
      nota: abrirONulo(cif, d.nota, 'diario_emocion.nota'),
      compartida_con_psicologo: d.compartida,
      creada_en: iso(d.creada_en),
    })),
    actividades: await actividades(db, cif, idPaciente, archivos),
    foros: (await repo.publicaciones(db, idPaciente)).map((p) => ({
      foro: p.foro,
      tema: cif.leer(p.tema, 'foro_tema.titulo'),
      tema_propio: p.tema_propio,
      contenido: cif.leer(p.contenido, 'foro_mensaje.contenido'),
      fecha_envio: iso(p.fecha_envio),
      oculta_por_moderacion: p.oculto,
    })),
    oposicion: { correos: op?.correos ?? false, push: op?.push ?? false, foro_sin_nombre: op?.foro_sin_nombre ?? false },
    expediente_clinico: {
      notas: { total: exp.notas.total, primera: isoONulo(exp.notas.primera), ultima: isoONulo(exp.notas.ultima) },
      tests: { total: exp.tests.total, primera: isoONulo(exp.tests.primera), ultima: isoONulo(exp.tests.ultima) },
      como_solicitarlo: TEXTO_EXPORTACION.expediente,
    },
  };
  // The file must say what the schema promises: a mismatch is a defect here, not her problem later.
  return { datos: v.parse(ExportacionSchema, datos), archivos };
}
