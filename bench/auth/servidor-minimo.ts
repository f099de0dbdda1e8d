// bench/auth's floor, in its own process: the least a password login over HTTP can do with the same
// pieces. Bare Fastify (same version, no plugins, no validation, no rate limit, no cookies), a
// postgres.js pool of the production size, ONE prepared SELECT of the account's hash by email, one
// argon2id verify (@node-rs/argon2, the same hash) and an HS256 token signed with node:crypto. The
// same clients log in here and on the real server, in alternating rounds (bench/auth/index.ts).
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import Fastify from 'fastify';
import postgres from 'postgres';
import { atenderAlPadre } from '../comun/hijo';

const POOL = 10;
const url = process.env.BENCH_DB_URL;
if (!url) throw new Error('BENCH_DB_URL');
const sql = postgres(url, { max: POOL, onnotice: () => {} });
const secreto = randomBytes(32);
const b64 = (x: string) => Buffer.from(x).toString('base64url');
const CABECERA = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
function firmar(payload: Record<string, unknown>) {
  const datos = `${CABECERA}.${b64(JSON.stringify(payload))}`;
  return `${datos}.${createHmac('sha256', secreto).update(datos).digest('base64url')}`;
}

async function main() {
  const f = Fastify({ logger: false });
  f.post('/login', async (request, reply) => {
    const { correo, contrasena } = request.body as { correo: string; contrasena: string };
    const [fila] = await sql<{ id_psicologo: number; contrasena_hash: string }[]>`
      select id_psicologo, contrasena_hash from psicologo where correo = ${correo}`;
    if (!fila || !(await verify(fila.contrasena_hash, contrasena))) return reply.status(401).send({ error: 'credenciales' });
    const iat = Math.floor(Date.now() / 1000);
    return { token: firmar({ id_psicologo: fila.id_psicologo, jti: randomUUID(), iat, exp: iat + 28_800 }) };
  });
  await f.listen({ port: 0, host: '127.0.0.1' });
  const dir = f.server.address();
  atenderAlPadre(async () => {
    await f.close();
    await sql.end();
  });
  process.send?.({ tipo: 'listo', url: typeof dir === 'object' && dir ? `http://127.0.0.1:${dir.port}` : '' });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
