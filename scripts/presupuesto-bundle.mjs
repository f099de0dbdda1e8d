// Bundle budget: the JavaScript a first visit downloads for each key screen, from the build's manifest
// (client/dist/.vite/manifest.json). A screen's first load is the entry (index.html's script) and the
// chunks of its route (every `?tsr-split=` part), each with its static imports, plus what the screen
// always fetches right after (socket.io-client once a session exists). Sizes are gzip level 9 (the
// `.gz` the server sends; brotli is smaller still). Prints a table; exits 1 over budget.
//
//   node scripts/presupuesto-bundle.mjs [--dist client/dist] [--presupuesto-kb 150] [--json]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** kB as Vite prints them (1,000 bytes). */
export const PRESUPUESTO_KB = 150;

/** The login page, a visitor's first contact, has headroom under the 150 kB (issue 51, decision 320). The
 * agenda keeps 150: React, the router and socket.io-client alone are ~107 kB of it. */
export const PRESUPUESTO_LOGIN_KB = 130;

/** The patient's app (/app, issue 17) has its own, smaller budget: it is opened on phones. */
export const PRESUPUESTO_APP_KB = 120;

/** The screens with a budget: the login page of a visitor, the agenda of a signed-in psychologist,
 * and the patient's app (its own page, app/index.html) opened by a signed-in patient on Home. */
export const PANTALLAS = [
  {
    nombre: 'login (/iniciar-sesion)',
    entrada: 'index.html',
    rutas: ['src/routes/iniciar-sesion.tsx'],
    conSesion: false,
    presupuestoKb: PRESUPUESTO_LOGIN_KB,
  },
  { nombre: 'agenda (/agenda, con sesión)', entrada: 'index.html', rutas: ['src/routes/agenda.tsx'], conSesion: true },
  {
    nombre: 'app del paciente (/app, con sesión)',
    entrada: 'app/index.html',
    manifiesto: '.vite/manifest-app.json',
    rutas: [],
    conSesion: true,
    presupuestoKb: PRESUPUESTO_APP_KB,
  },
];

function opciones(argv) {
  const o = { dist: path.join(raiz, 'client/dist'), presupuestoKb: null, json: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--dist') o.dist = path.resolve(argv[++i]);
    else if (argv[i] === '--presupuesto-kb') o.presupuestoKb = Number(argv[++i]);
    else if (argv[i] === '--json') o.json = true;
  }
  return o;
}

/** Every manifest key a screen loads first, following static imports. */
function clavesDePantalla(manifiesto, pantalla) {
  const entrada = pantalla.entrada;
  if (!manifiesto[entrada]?.isEntry) throw new Error(`El manifiesto no tiene la entrada ${entrada}`);
  const raices = [entrada];
  for (const ruta of pantalla.rutas) {
    const partes = Object.keys(manifiesto).filter((k) => k === ruta || k.startsWith(`${ruta}?tsr-split=`));
    if (partes.length === 0) throw new Error(`La ruta ${ruta} no está en el manifiesto`);
    raices.push(...partes);
  }
  if (pantalla.conSesion) {
    const socket = Object.keys(manifiesto).find((k) => /[\\/]socket\.io-client[\\/]/.test(k));
    // Absent as a chunk of its own when a static import pulled it into the entry (counted there).
    if (socket) raices.push(socket);
  }
  const vistas = new Set();
  const pendientes = [...raices];
  while (pendientes.length) {
    const k = pendientes.pop();
    if (vistas.has(k)) continue;
    vistas.add(k);
    pendientes.push(...(manifiesto[k].imports ?? []));
  }
  return [...vistas];
}

/** Sizes of one screen's first-load JavaScript and CSS. */
export function medirPantalla(dist, manifiesto, pantalla) {
  const archivosJs = new Set();
  const archivosCss = new Set();
  for (const k of clavesDePantalla(manifiesto, pantalla)) {
    archivosJs.add(manifiesto[k].file);
    for (const css of manifiesto[k].css ?? []) archivosCss.add(css);
  }
  const medir = (archivos) => {
    let crudo = 0;
    let gzip = 0;
    let brotli = 0;
    for (const f of archivos) {
      const datos = readFileSync(path.join(dist, f));
      crudo += datos.length;
      gzip += gzipSync(datos, { level: 9 }).length;
      brotli += brotliCompressSync(datos).length;
    }
    return { archivos: archivos.size, crudo, gzip, brotli };
  };
  return { nombre: pantalla.nombre, js: medir(archivosJs), css: medir(archivosCss) };
}

export function medirTodo(dist) {
  return PANTALLAS.map((p) => {
    // The patient's app is a build of its own with its own manifest.
    const archivo = path.join(dist, p.manifiesto ?? '.vite/manifest.json');
    if (!existsSync(archivo)) throw new Error(`Falta ${archivo}: construye el cliente (pnpm build)`);
    return medirPantalla(dist, JSON.parse(readFileSync(archivo, 'utf8')), p);
  });
}

const kb = (n) => (n / 1000).toFixed(1);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const o = opciones(process.argv.slice(2));
  // --presupuesto-kb replaces every screen's budget (the test checks that the script fails).
  const limiteDe = (nombre) => o.presupuestoKb ?? PANTALLAS.find((p) => p.nombre === nombre)?.presupuestoKb ?? PRESUPUESTO_KB;
  const medidas = medirTodo(o.dist).map((m) => ({ ...m, presupuestoKb: limiteDe(m.nombre) }));
  const excedidas = medidas.filter((m) => m.js.gzip > m.presupuestoKb * 1000);
  if (o.json) {
    console.log(JSON.stringify({ presupuestoKb: o.presupuestoKb ?? PRESUPUESTO_KB, medidas, excedidas: excedidas.map((m) => m.nombre) }));
  } else {
    console.log(`Primera carga de JavaScript por pantalla (presupuesto gzip en la columna «máx kB»)\n`);
    console.log(
      `${'pantalla'.padEnd(36)}${'máx kB'.padStart(8)}${'archivos'.padStart(9)}${'JS kB'.padStart(9)}${'gzip kB'.padStart(9)}${'br kB'.padStart(9)}${'CSS gzip'.padStart(10)}  estado`,
    );
    for (const m of medidas) {
      const estado = m.js.gzip > m.presupuestoKb * 1000 ? 'EXCEDIDO' : 'ok';
      console.log(
        `${m.nombre.padEnd(36)}${String(m.presupuestoKb).padStart(8)}${String(m.js.archivos).padStart(9)}${kb(m.js.crudo).padStart(9)}${kb(m.js.gzip).padStart(9)}${kb(m.js.brotli).padStart(9)}${kb(m.css.gzip).padStart(10)}  ${estado}`,
      );
    }
  }
  process.exit(excedidas.length ? 1 : 0);
}
