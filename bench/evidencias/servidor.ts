// The server of bench/evidencias, in its own process so that its RSS is its own: embedded PGlite in
// a temporary DATA_DIR, a practice (psychologist, patient, one assignment, one chat), the evidence
// limit raised to 64 MB for the 50 MB upload. Answers RSS samples over IPC.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@miduelo/server/app';
import { leerConfig } from '@miduelo/server/config';
import { abrirDb } from '@miduelo/server/db/client';
import { aplicarMigraciones } from '@miduelo/server/db/migrate';
import { actividad } from '@miduelo/server/db/schema/actividades';
import { eq } from 'drizzle-orm';
import { insertarPacientes, insertarPsicologos, tokenDePsicologo } from '../comun/practica';

const dataDir = mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), 'miduelo-bench-evidencias-'));
const config = leerConfig(
  { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: '0' },
  { jwtSecret: 'secreto-del-benchmark-con-al-menos-32-caracteres', evidenciaMaxBytes: 64 * 1024 * 1024 },
);
const handle = await abrirDb({ databaseUrl: null, dataDir, enMemoria: true });
await aplicarMigraciones(handle, null);
const app = await buildApp({ config, db: handle.db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const dir = app.server.address();
const url = typeof dir === 'object' && dir ? `http://127.0.0.1:${dir.port}` : '';

const [psi] = await insertarPsicologos(handle.db, 1, () => ({
  nombre: 'Bench',
  apellidoPaterno: 'Evidencias',
  especialidad: 'Tanatología',
  cedula: '9999999',
  correo: 'bench@evidencias.mx',
  codigo_vinculacion: 'BENCH01',
}));
const [pac] = await insertarPacientes(
  handle.db,
  1,
  () => psi.id_psicologo,
  () => ({ nombre: 'Paciente', email: 'pac@evidencias.mx' }),
);
const tokenPsi = tokenDePsicologo(app, psi);
const tokenPac = app.sesiones.firmarPaciente({ id_paciente: pac.id_paciente, nombre: 'Paciente', apellido: 'Bench', version: 0 });
const [mod] = await handle.db.select({ id: actividad.id_actividad }).from(actividad).where(eq(actividad.origen, 'modulo')).limit(1);
const h = { authorization: `Bearer ${tokenPsi}`, 'content-type': 'application/json' };
const asig = (await (
  await fetch(`${url}/api/psicologo/actividades/asignar`, {
    method: 'POST',
    headers: h,
    body: JSON.stringify({ id_actividad: mod.id, pacientes: [pac.id_paciente] }),
  })
).json()) as { asignaciones: Array<{ id_asignacion: number }> };
const chat = (await (
  await fetch(`${url}/api/psicologo/chats`, { method: 'POST', headers: h, body: JSON.stringify({ id_paciente: pac.id_paciente }) })
).json()) as {
  id_chat: number;
};

let pico = process.memoryUsage().rss;
setInterval(() => {
  pico = Math.max(pico, process.memoryUsage().rss);
}, 10).unref();

process.on('message', async (m: { tipo: string }) => {
  if (m.tipo === 'rss') {
    const actual = process.memoryUsage().rss;
    process.send?.({ tipo: 'rss', actual, pico });
    pico = actual;
  } else if (m.tipo === 'cerrar') {
    await app.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
process.send?.({
  tipo: 'listo',
  url,
  dataDir,
  tokenPsi,
  tokenPac,
  idAsignacion: asig.asignaciones[0].id_asignacion,
  idChat: chat.id_chat,
});
