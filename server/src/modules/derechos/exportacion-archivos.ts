// Reading one stored evidence file for the export, decrypted (decision 310's format, through
// comun/cifrado-archivo.ts). The store belongs to the activities module (actividades/almacen.ts);
// modules do not import each other (decision 061), so its layout — DATA_DIR/evidencias/<2>/<key>,
// each file bound to `evidencia:<key>` — is read here the same way, read-only.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { CABECERA_MAX, descifrarFlujo, leerCabecera } from '../../comun/cifrado-archivo';
import type { Cifrador } from '../../comun/cifrado';

const CLAVE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The plain bytes of a stored evidence file, chunk by chunk; null when there is no such file. */
export async function leerEvidencia(dataDir: string, cif: Cifrador, clave: string): Promise<AsyncIterable<Buffer> | null> {
  if (!CLAVE.test(clave)) return null;
  const archivo = path.join(dataDir, 'evidencias', clave.slice(0, 2), clave);
  let inicio: Buffer;
  try {
    const fd = await open(archivo, 'r');
    try {
      const b = Buffer.alloc(CABECERA_MAX);
      const { bytesRead } = await fd.read(b, 0, CABECERA_MAX, 0);
      inicio = b.subarray(0, bytesRead);
    } finally {
      await fd.close();
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const cabecera = leerCabecera(inicio);
  // A file stored before decision 310 (not yet re-encrypted at start) is read as it is.
  if (!cabecera) return createReadStream(archivo);
  return descifrarFlujo(cif, `evidencia:${clave}`, cabecera, createReadStream(archivo, { start: cabecera.bytes.length }));
}
