// Group commit of the chat send (decision 238): under load, sends wait for a free slot and go
// together as one statement and one transaction; each still gets its own answer, one refused item
// fails alone, a lost connection fails its whole batch, and every chat guarantee holds. PostgreSQL
// only: on PGlite (one connection, no pool) every send runs alone by design.
import type { Db } from '@miduelo/server/db/client';
import { sentenciaAgrupada } from '@miduelo/server/plugins/db';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { abrirChat, crearConsulta, filaChat, filasDe, idCliente, noLeidosGuardados } from '../helpers/chat';
import { filasSql } from '../helpers/expediente';

const conPostgres = Boolean(process.env.DATABASE_URL);

let t: AppDePrueba;
/** A pool of its own for the statements below (one of them kills its connection), two connections. */
let cliente: postgres.Sql;
let db: Db;
beforeAll(async () => {
  t = await crearAppDePrueba();
  if (t.base.url) {
    cliente = postgres(t.base.url, { max: 2, onnotice: () => {} });
    // The app's schema is not needed here: these statements are raw text.
    db = drizzle(cliente) as unknown as Db;
  }
});
afterAll(async () => {
  await cliente?.end({ timeout: 1 });
  await t?.cerrar();
});

interface Fila {
  posicion?: string;
  n: number;
  tam: number;
  recibido: string;
}

/** Doubles `$1`; alone it reports a batch of 1, in a batch the batch's size and the order it got. */
function doblar(o: { ordenar?: boolean; lote?: string } = {}) {
  return sentenciaAgrupada<Fila>({
    uno: `select 10 / $1::integer as n, 1 as tam, $1::text as recibido`,
    lote:
      o.lote ??
      `select x.posicion, 10 / x.a as n, cardinality($1::integer[]) as tam, array_to_string($1::integer[], ',') as recibido
         from unnest($1::integer[]) with ordinality as x(a, posicion) order by x.posicion`,
    enVuelo: 1,
    maxLote: 32,
    ordenar: o.ordenar ? (p) => p[0] as number : undefined,
  });
}

describe.skipIf(!conPostgres)('envíos agrupados (PostgreSQL)', () => {
  it('tras una consulta que falla a mitad de sus filas, la siguiente en esa conexión recibe solo las suyas (postgres.js parcheado)', async () => {
    const uno = postgres(t.base.url as string, { max: 1, onnotice: () => {} });
    try {
      // Three rows reach the driver, then division by zero; the same connection runs the next one.
      const fallida = uno`select i, 1 / (4 - i) as x from generate_series(1, 10) i`.then(
        () => null,
        (e: { code?: string }) => e.code,
      );
      const siguiente = uno`select x from generate_series(1, 5) x`;
      expect(await fallida).toBe('22012');
      const filas = await siguiente;
      expect(filas).toHaveLength(5);
      expect(filas.map((f) => f.x)).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await uno.end({ timeout: 1 });
    }
  });

  it('con el cupo ocupado, las llamadas esperan y salen juntas en una sentencia; cada una recibe su fila', async () => {
    const f = doblar();
    const entradas = [1, 2, 5, 10, 1, 2, 5, 10, 1, 2];
    const rs = await Promise.all(entradas.map((a) => f(db, [a])));
    // The first went alone at once; the nine that arrived meanwhile went as one batch.
    expect(rs.map((r) => r[0].tam)).toEqual([1, 9, 9, 9, 9, 9, 9, 9, 9, 9]);
    expect(rs.map((r) => Number(r[0].n))).toEqual(entradas.map((a) => 10 / a));
    // With the slot free again, a call goes alone without waiting.
    expect((await f(db, [5]))[0]).toMatchObject({ n: 2, tam: 1 });
  });

  it('un lote llega en el orden de su clave (el de los bloqueos) y cada llamada conserva su resultado', async () => {
    const f = doblar({ ordenar: true });
    const entradas = [1, 10, 2, 5, 1, 10, 5];
    const rs = await Promise.all(entradas.map((a) => f(db, [a])));
    expect(rs[1][0].recibido).toBe('1,2,5,5,10,10');
    expect(rs.map((r) => Number(r[0].n))).toEqual(entradas.map((a) => 10 / a));
  });

  it('si PostgreSQL rechaza el lote por una de sus llamadas, cada una corre sola y solo esa falla', async () => {
    const f = doblar();
    const entradas = [1, 2, 0, 5, 10];
    const rs = await Promise.allSettled(entradas.map((a) => f(db, [a])));
    expect(rs.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((rs[2] as PromiseRejectedResult).reason).toMatchObject({ code: '22012' });
    // The others ran alone (a batch of 1 each) and got their own rows.
    expect(rs.filter((r) => r.status === 'fulfilled').map((r) => r.value[0])).toEqual([
      expect.objectContaining({ n: 10, tam: 1 }),
      expect.objectContaining({ n: 5, tam: 1 }),
      expect.objectContaining({ n: 2, tam: 1 }),
      expect.objectContaining({ n: 1, tam: 1 }),
    ]);
  });

  it('si la conexión se pierde durante el lote, todas sus llamadas fallan y ninguna se repite', async () => {
    // The batch's backend is terminated: whether it committed is unknown to the server, so no
    // item runs again (a send without a client id could be stored twice).
    const f = doblar({
      lote: `select x.posicion, pg_terminate_backend(pg_backend_pid())::int as n, 0 as tam, '' as recibido
               from unnest($1::integer[]) with ordinality as x(a, posicion)`,
    });
    const rs = await Promise.allSettled([1, 2, 5, 10].map((a) => f(db, [a])));
    expect(rs.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
    // PostgreSQL's FATAL (57P01) or the driver's closed connection, whichever reaches it first.
    for (const r of rs.slice(1)) expect(['57P01', 'CONNECTION_CLOSED']).toContain((r as PromiseRejectedResult).reason.code);
    // The pool reconnects: the next call goes through.
    expect((await f(db, [2]))[0]).toMatchObject({ n: 5, tam: 1 });
  });

  it('envíos simultáneos en varias conversaciones: juntos en transacciones, sin huecos, sin duplicados y con contadores exactos', async () => {
    const c = await crearConsulta(t, 3);
    const ids = [await abrirChat(c, 0), await abrirChat(c, 1), await abrirChat(c, 2)];
    const reintentada = idCliente();
    const envios: { i: number; psi: boolean; contenido: string; clave: string }[] = [];
    for (let k = 0; k < 60; k++) envios.push({ i: k % 3, psi: k % 4 === 0, contenido: `mensaje ${k}`, clave: idCliente() });
    // The same client id twice in conversation 0 (a retry that overtook its first answer).
    envios.push({ i: 0, psi: false, contenido: 'reintento', clave: reintentada });
    envios.push({ i: 0, psi: false, contenido: 'reintento otra vez', clave: reintentada });
    const rs = await Promise.all(
      envios.map((e) =>
        e.psi
          ? c.psi.post('/api/psicologo/mensajes', { id_chat: ids[e.i], contenido: e.contenido, id_cliente: e.clave })
          : c.pac[e.i].post('/api/paciente/mensajes', { id_chat: ids[e.i], contenido: e.contenido, id_cliente: e.clave }),
      ),
    );
    // Every answer is its own message (the retry's: the first one stored).
    expect(rs.slice(0, 60).map((r) => [r.status, r.body.contenido])).toEqual(envios.slice(0, 60).map((e) => [201, e.contenido]));
    expect(
      rs
        .slice(60)
        .map((r) => r.status)
        .sort(),
    ).toEqual([200, 201]);
    expect(rs[60].body.id_mensaje).toBe(rs[61].body.id_mensaje);

    for (const [i, id] of ids.entries()) {
      const filas = await filasDe(t, id);
      const esperados = envios.filter((e) => e.i === i).length - (i === 0 ? 1 : 0);
      expect(filas.map((m) => m.seq)).toEqual(Array.from({ length: esperados }, (_, k) => k + 1));
      expect(new Set(filas.map((m) => m.id_cliente)).size).toBe(esperados);
      expect((await filaChat(t, id)).ultimo_seq).toBe(esperados);
      expect((await filaChat(t, id)).no_leidos_de_paciente).toBe(await noLeidosGuardados(t, id, 'psicologo'));
      expect((await filaChat(t, id)).no_leidos_de_psicologo).toBe(await noLeidosGuardados(t, id, 'paciente'));
    }
    // Batches happened: some messages share a transaction, across conversations too.
    const [fila] = await filasSql<{ transacciones: number; mayor: number; chats: number }>(
      t,
      sql`
      select count(*)::int as transacciones, max(n)::int as mayor, max(chats)::int as chats
        from (select xmin::text, count(*) as n, count(distinct id_chat) as chats
                from mensaje where id_chat in (${ids[0]}, ${ids[1]}, ${ids[2]}) group by xmin::text) x`,
    );
    expect(fila.transacciones).toBeLessThan(61);
    expect(fila.mayor).toBeGreaterThan(1);
    expect(fila.chats).toBeGreaterThan(1);
  });
});
