// The export's ZIP, streamed (decision 376): evidence files go through one chunk at a time (64 kB
// decrypted chunks, stored without recompression: photos, audio and video are compressed already),
// so a patient at her 500 MB evidence quota costs the server a few chunks of memory, not 500 MB.
// The JSON, its JSON Schema, the PDF and a short note are written last, once it is known which files
// could be read (a file missing from the store is said to be missing, not promised).
import { toJsonSchema } from '@valibot/to-json-schema';
import { type Exportacion, ExportacionSchema } from '@miduelo/shared/derechos-exportacion';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { ArchivoEvidencia } from './exportacion-datos';
import { componerPdfExportacion } from './exportacion-pdf';

/** The names inside the ZIP. */
export const ARCHIVOS_ZIP = {
  json: 'mis-datos.json',
  esquema: 'mis-datos.schema.json',
  pdf: 'mis-datos.pdf',
  leeme: 'LEEME.txt',
} as const;

let esquemaJson: Uint8Array | null = null;
/** The JSON Schema of mis-datos.json, derived once from the shared valibot schema. */
export function esquemaExportacion(): Uint8Array {
  esquemaJson ??= new TextEncoder().encode(
    JSON.stringify({ title: 'MiDuelo: exportación de datos de la paciente', ...toJsonSchema(ExportacionSchema) }, null, 2),
  );
  return esquemaJson;
}

function leeme(d: Exportacion): string {
  return [
    'Tus datos en MiDuelo',
    '',
    `${ARCHIVOS_ZIP.pdf}: una copia para leer.`,
    `${ARCHIVOS_ZIP.json}: los mismos datos en un formato que otros programas pueden leer (su descripción está en ${ARCHIVOS_ZIP.esquema}).`,
    d.avisos.archivos,
    '',
    d.expediente_clinico.como_solicitarlo,
    '',
    d.avisos.rectificacion,
    '',
    d.avisos.terceros,
    '',
  ].join('\r\n');
}

export interface OpcionesZip {
  datos: Exportacion;
  archivos: ArchivoEvidencia[];
  /** The plain bytes of one stored file, or null when the store has no such file. */
  leer: (clave: string) => Promise<AsyncIterable<Buffer> | null>;
  zona: string;
}

/** The ZIP's bytes, chunk by chunk. */
export async function* generarZip(o: OpcionesZip): AsyncGenerator<Buffer> {
  const cola: Uint8Array[] = [];
  let fallo: Error | null = null;
  const zip = new Zip((err, trozo) => {
    if (err) fallo = err;
    else cola.push(trozo);
  });
  function* vaciar(): Generator<Buffer> {
    if (fallo) throw fallo;
    while (cola.length > 0) yield Buffer.from(cola.shift() as Uint8Array);
  }
  const entero = (nombre: string, datos: Uint8Array) => {
    const f = new ZipDeflate(nombre, { level: 6 });
    zip.add(f);
    f.push(datos, true);
  };

  const faltantes = new Set<string>();
  for (const a of o.archivos) {
    const flujo = await o.leer(a.clave);
    if (!flujo) {
      faltantes.add(a.ruta);
      continue;
    }
    const f = new ZipPassThrough(a.ruta);
    zip.add(f);
    for await (const trozo of flujo) {
      f.push(trozo);
      yield* vaciar();
    }
    f.push(new Uint8Array(0), true);
    yield* vaciar();
  }

  const datos = o.datos;
  if (faltantes.size > 0)
    for (const act of datos.actividades)
      for (const e of act.evidencias) if (e.archivo_en_zip && faltantes.has(e.archivo_en_zip)) e.archivo_en_zip = null;
  const texto = new TextEncoder();
  entero(ARCHIVOS_ZIP.json, texto.encode(JSON.stringify(datos, null, 2)));
  entero(ARCHIVOS_ZIP.esquema, esquemaExportacion());
  entero(ARCHIVOS_ZIP.pdf, await componerPdfExportacion(datos, o.zona));
  entero(ARCHIVOS_ZIP.leeme, texto.encode(leeme(datos)));
  zip.end();
  yield* vaciar();
}
