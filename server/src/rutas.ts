// Where the server finds the files it ships with. Computed from THIS file's place, which sits one
// level under `server/` both as source (`server/src/rutas.ts`, run through tsx) and as the compiled
// bundle (`server/dist/main.mjs`, decision 394): every path below is the same either way.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `server/`. */
export const RAIZ_SERVIDOR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The SQL migrations, applied at start. */
export const CARPETA_MIGRACIONES = path.resolve(RAIZ_SERVIDOR, '../migrations');
/** The built web client and patient app. */
export const CLIENTE_DIST = path.resolve(RAIZ_SERVIDOR, '../client/dist');
/** The TTF fonts embedded in PDFs. */
export const CARPETA_FUENTES = path.join(RAIZ_SERVIDOR, 'assets/fuentes');
