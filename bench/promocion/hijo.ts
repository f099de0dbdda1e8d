// One mode of bench/promocion, in its own process started with --trace-gc-nvp: every 5 ms, ~40 KB
// of garbage (like a server's per-message work) and one awaited operation of the mode, for
// BENCH_MS. The parent reads the collector's trace from this process's stdout.
import net from 'node:net';
import postgres from 'postgres';

const modo = process.argv[2] ?? 'nada';
const url = process.env.BENCH_DB_URL ?? '';
const MS = Number(process.env.BENCH_MS ?? 9_000);

async function operacion(): Promise<(n: number) => Promise<unknown>> {
  if (modo === 'nada') return async () => {};
  if (modo === 'net') {
    // A round trip over loopback TCP: the I/O of a query, without the driver.
    const eco = net.createServer((s) => s.on('data', (d) => s.write(d))).listen(0, '127.0.0.1');
    await new Promise((r) => eco.once('listening', r));
    const dir = eco.address();
    const c = net.connect(typeof dir === 'object' && dir ? dir.port : 0, '127.0.0.1');
    await new Promise((r) => c.once('connect', r));
    const esperas: Array<() => void> = [];
    c.on('data', () => esperas.shift()?.());
    return (n) => new Promise<void>((r) => esperas.push(r) && c.write(`consulta ${n}`));
  }
  const sql = postgres(url, { max: 10, onnotice: () => {} });
  await sql`select 1`;
  if (modo === 'pg-unsafe') return (n) => sql.unsafe('select $1::int as a', [n], { prepare: true }).values();
  if (modo === 'pg-sin-parametros') return () => sql.unsafe('select 1 as a', [], { prepare: true }).values();
  if (modo === 'pg-plantilla') return (n) => sql`select ${n}::int as a`;
  throw new Error(`modo desconocido: ${modo}`);
}

async function main() {
  const op = await operacion();
  let basura: unknown[] = [];
  let n = 0;
  const fin = Date.now() + MS;
  await new Promise<void>((listo) => {
    const reloj = setInterval(async () => {
      if (Date.now() > fin) {
        clearInterval(reloj);
        return listo();
      }
      basura = [];
      for (let i = 0; i < 400; i++) basura.push({ a: i, b: `x${i}`, c: [i, i] });
      n++;
      await op(n);
    }, 5);
  });
  process.stderr.write(`operaciones=${n}\n`);
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
