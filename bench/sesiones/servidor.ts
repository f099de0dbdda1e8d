// A server of bench/sesiones in its own process (so its CPU can be read apart from the browser's
// driver): `app`, the real MiDuelo app on embedded PGlite serving the built client, with TURN_URLS
// and TURN_SECRET from the environment and BENCH_PARES psychologist–patient pairs, each with an
// "En línea" appointment starting now; or `base`, the bare baseline: a minimal Socket.IO relay (no
// auth, no database) and one static page that exchanges offer, answer and ICE candidates through it.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { buildApp } from '@miduelo/server/app';
import { leerConfig } from '@miduelo/server/config';
import { abrirDb } from '@miduelo/server/db/client';
import { disponibilidad } from '@miduelo/server/db/schema/agenda';
import { aceptacionConsentimiento, documentoConsentimiento } from '@miduelo/server/db/schema/consentimiento';
import { SEMANA_DIAS } from '@miduelo/shared/constants';
import { aplicarMigraciones } from '@miduelo/server/db/migrate';
import { hashContrasena } from '@miduelo/server/comun/hash';
import { Server } from 'socket.io';
import { insertarPacientes, insertarPsicologos, tokenDePsicologo } from '../comun/practica';
import { citaQueEmpiezaAhora } from '../../tests/helpers/sala-e2e';

export const CONTRASENA = 'Clave#Segura1';
const PARES = Number(process.env.BENCH_PARES ?? 40);

export interface Par {
  tokenPsi: string;
  correoPaciente: string;
  idCita: number;
}

async function app(): Promise<{ url: string; pares: Par[] }> {
  const h = await abrirDb({ databaseUrl: null, dataDir: '', enMemoria: true });
  await aplicarMigraciones(h, null);
  const hash = await hashContrasena(CONTRASENA);
  const sufijo = randomBytes(3).toString('hex');
  const psis = await insertarPsicologos(h.db, PARES, (i) => ({ correo: `psi${i}-${sufijo}@bench.mx`, contrasenaHash: hash }));
  const pacs = await insertarPacientes(
    h.db,
    PARES,
    (j) => psis[j].id_psicologo,
    (j) => ({ email: `pac${j}-${sufijo}@bench.mx`, contrasenaHash: hash }),
  );
  // Every consent document in force accepted (nothing to accept at login).
  const docs = await h.db.select().from(documentoConsentimiento);
  const vigente = new Map<string, number>();
  for (const d of docs) vigente.set(d.tipo, Math.max(vigente.get(d.tipo) ?? 0, d.version));
  if (vigente.size > 0)
    await h.db
      .insert(aceptacionConsentimiento)
      .values(
        pacs.flatMap((p) =>
          [...vigente].map(([tipo, version]) => ({ id_paciente: p.id_paciente, tipo, version, aceptadoEn: new Date(), ip: null })),
        ),
      );
  const config = leerConfig(
    {
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/miduelo-bench-sesiones',
      // BENCH_CLIENT_DIR: a copy of the build (a rebuild of client/dist during the run would break it).
      ...(process.env.BENCH_CLIENT_DIR ? { CLIENT_DIR: process.env.BENCH_CLIENT_DIR } : {}),
      ...(process.env.TURN_URLS ? { TURN_URLS: process.env.TURN_URLS, TURN_SECRET: process.env.TURN_SECRET } : {}),
    },
    { jwtSecret: randomBytes(32).toString('hex') },
  );
  const a = await buildApp({ config, db: h.db, logger: false });
  await a.listen({ port: 0, host: '127.0.0.1' });
  const dir = a.server.address();
  const pares: Par[] = [];
  const cuando = citaQueEmpiezaAhora();
  // Available that whole weekday (the bench must not depend on the hour it runs at).
  const dia = SEMANA_DIAS[(new Date(`${cuando.fecha}T12:00:00Z`).getUTCDay() + 6) % 7];
  await h.db
    .insert(disponibilidad)
    .values(psis.map((p) => ({ id_psicologo: p.id_psicologo, dia_semana: dia, hora_inicio: '00:00', hora_fin: '23:59' })));
  for (let i = 0; i < PARES; i++) {
    const tokenPsi = tokenDePsicologo(a, psis[i]);
    const r = await a.inject({
      method: 'POST',
      url: '/api/psicologo/citas',
      headers: { authorization: `Bearer ${tokenPsi}` },
      payload: { id_paciente: pacs[i].id_paciente, ...cuando, modalidad: 'En línea' },
    });
    if (r.statusCode !== 201) throw new Error(`no se pudo crear la cita: ${r.statusCode} ${r.body}`);
    pares.push({ tokenPsi, correoPaciente: pacs[i].email, idCita: (r.json() as { id_cita: number }).id_cita });
  }
  return { url: typeof dir === 'object' && dir ? `http://127.0.0.1:${dir.port}` : '', pares };
}

/** The baseline's page: its socket connected and a self-view acquired on load (as the app's live
 * socket and the room's preview are), "Entrar" joins the relay's room; once both are there the
 * psychologist's side offers; the remote picture plays. */
const PAGINA_BASE = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Base</title></head><body>
<video data-video-propio autoplay playsinline muted></video><video data-video-remoto autoplay playsinline muted></video>
<button id="entrar" disabled>Entrar</button>
<script src="/socket.io/socket.io.min.js"></script>
<script>
const q = new URLSearchParams(location.search);
const sala = q.get('sala'), rol = q.get('rol');
const config = { iceServers: JSON.parse(q.get('ice') || '[]'), iceTransportPolicy: q.get('relay') === '1' ? 'relay' : 'all' };
const [propio, remoto] = document.querySelectorAll('video');
const boton = document.getElementById('entrar');
let local;
// Connected on load, as the app's live socket is before anyone enters a room.
const socket = io({ transports: ['websocket'] });
const conectado = new Promise((r) => socket.once('connect', r));
navigator.mediaDevices.getUserMedia({ audio: true, video: true }).then(async (s) => {
  local = s;
  propio.srcObject = s;
  await conectado;
  boton.disabled = false;
});
boton.onclick = () => {
  boton.disabled = true;
  const pc = new RTCPeerConnection(config);
  for (const t of local.getTracks()) pc.addTrack(t, local);
  pc.ontrack = (ev) => { remoto.srcObject = ev.streams[0]; };
  const senal = (s) => socket.emit('senal', { sala, senal: s });
  pc.onicecandidate = (ev) => senal({ tipo: 'ice', candidato: ev.candidate ? ev.candidate.toJSON() : null });
  let pendientes = [];
  socket.on('senal', async ({ senal: s }) => {
    if (s.tipo === 'oferta') {
      await pc.setRemoteDescription({ type: 'offer', sdp: s.sdp });
      for (const c of pendientes) await pc.addIceCandidate(c);
      pendientes = null;
      await pc.setLocalDescription(await pc.createAnswer());
      senal({ tipo: 'respuesta', sdp: pc.localDescription.sdp });
    } else if (s.tipo === 'respuesta') {
      await pc.setRemoteDescription({ type: 'answer', sdp: s.sdp });
      for (const c of pendientes) await pc.addIceCandidate(c);
      pendientes = null;
    } else if (s.tipo === 'ice' && s.candidato) {
      if (pendientes) pendientes.push(s.candidato); else await pc.addIceCandidate(s.candidato);
    }
  });
  socket.on('listo', async () => {
    if (rol !== 'psicologo') return;
    await pc.setLocalDescription(await pc.createOffer());
    senal({ tipo: 'oferta', sdp: pc.localDescription.sdp });
  });
  socket.emit('unirse', { sala });
};
</script></body></html>`;

async function base(): Promise<{ url: string; pares: Par[] }> {
  const servidor = createServer((req, res) => {
    if (req.url?.startsWith('/base')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGINA_BASE);
    } else {
      res.writeHead(404).end();
    }
  });
  const io = new Server(servidor, { serveClient: true });
  io.on('connection', (socket) => {
    socket.on('unirse', async ({ sala }: { sala: string }) => {
      await socket.join(sala);
      if ((await io.in(sala).fetchSockets()).length === 2) io.to(sala).emit('listo');
    });
    socket.on('senal', ({ sala, senal }: { sala: string; senal: unknown }) => {
      socket.to(sala).emit('senal', { senal });
    });
  });
  await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
  const dir = servidor.address();
  return { url: typeof dir === 'object' && dir ? `http://127.0.0.1:${dir.port}` : '', pares: [] };
}

async function main() {
  const r = process.env.MODO === 'app' ? await app() : await base();
  process.on('message', (m: { tipo?: string }) => {
    // The process's CPU time so far (user + system, every thread, µs): the parent reads it around
    // each session.
    if (m?.tipo === 'cpu') {
      const u = process.cpuUsage();
      process.send?.({ tipo: 'cpu', us: u.user + u.system });
    }
    if (m?.tipo === 'cerrar') process.exit(0);
  });
  process.on('disconnect', () => process.exit(0));
  process.send?.({ tipo: 'listo', ...r });
}
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
