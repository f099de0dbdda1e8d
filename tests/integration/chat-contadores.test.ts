// Unread counters on the conversation row (decision 081): kept exact by sends, retries and read
// marks; backfilled by migration 0008 from the stored messages; and the send path keeps index scans
// on tables whose statistics were taken while they were empty (no autovacuum yet, plans cached).
import { readFileSync } from 'node:fs';
import { chat, mensaje } from '@miduelo/server/db/schema/chat';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { consultar } from '../helpers/base-datos';
import { abrirChat, crearConsulta, filaChat, idCliente, noLeidosGuardados } from '../helpers/chat';
import { crearPaciente, crearPsicologo } from '../helpers/fabricas';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t?.cerrar());

describe('contadores de no leídos en la conversación', () => {
  it('envíos, reintentos y lecturas dejan los contadores iguales a los mensajes guardados', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    const clave = idCliente();
    const rutaPac = '/api/paciente/mensajes';
    const rutaPsi = '/api/psicologo/mensajes';
    expect((await c.pac[0].post(rutaPac, { id_chat: id, contenido: 'uno', id_cliente: clave })).status).toBe(201);
    // A retry answers the stored message and counts nothing twice.
    expect((await c.pac[0].post(rutaPac, { id_chat: id, contenido: 'uno otra vez', id_cliente: clave })).status).toBe(200);
    await c.pac[0].post(rutaPac, { id_chat: id, contenido: 'dos' });
    await c.psi.post(rutaPsi, { id_chat: id, contenido: 'respuesta' });
    let fila = await filaChat(t, id);
    expect(fila).toMatchObject({ ultimo_seq: 3, no_leidos_de_paciente: 2, no_leidos_de_psicologo: 1, no_leidos_de_admin: 0 });
    expect(fila.no_leidos_de_paciente).toBe(await noLeidosGuardados(t, id, 'psicologo'));
    expect((await c.psi.get('/api/psicologo/chats')).body[0].mensajes_no_leidos).toBe(2);
    expect((await c.pac[0].get('/api/paciente/chats')).body[0].mensajes_no_leidos).toBe(1);

    // Reading zeroes the reader's count only.
    expect((await c.psi.put(`/api/psicologo/chats/${id}/leer`)).status).toBe(200);
    fila = await filaChat(t, id);
    expect(fila).toMatchObject({ no_leidos_de_paciente: 0, no_leidos_de_psicologo: 1 });
    expect(await noLeidosGuardados(t, id, 'psicologo')).toBe(0);
    expect((await c.pac[0].get('/api/paciente/chats')).body[0].mensajes_no_leidos).toBe(1);

    // The event's count is the counter after the send.
    const r = await c.pac[0].post(rutaPac, { id_chat: id, contenido: 'tres', id_cliente: idCliente() });
    expect(r.status).toBe(201);
    expect((await filaChat(t, id)).no_leidos_de_paciente).toBe(1);
  });

  it('un reintento en un chat de solo lectura (paciente reasignado) devuelve el mensaje guardado', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    const clave = idCliente();
    const primero = await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'antes', id_cliente: clave });
    expect(primero.status).toBe(201);
    const otro = await crearPsicologo(t.db);
    await t.db.execute(sql`update paciente set id_psicologo = ${otro.id_psicologo} where id_paciente = ${c.pacientes[0].id_paciente}`);
    const retry = await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'antes', id_cliente: clave });
    expect(retry.status).toBe(200);
    expect(retry.body.id_mensaje).toBe(primero.body.id_mensaje);
    const nuevo = await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: 'después', id_cliente: idCliente() });
    expect(nuevo.status).toBe(409);
    expect(await filaChat(t, id)).toMatchObject({ ultimo_seq: 1, no_leidos_de_psicologo: 1 });
  });

  it('la migración 0008 recalcula los contadores a partir de los mensajes guardados', async () => {
    const psi = await crearPsicologo(t.db);
    const admin = await crearPsicologo(t.db, { rol_admin: true });
    const pac = await crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
    const [a] = await t.db
      .insert(chat)
      .values({ tipo: 'paciente', id_psicologo: psi.id_psicologo, id_paciente: pac.id_paciente })
      .returning();
    const [b] = await t.db.insert(chat).values({ tipo: 'admin', id_admin: admin.id_psicologo, id_paciente: pac.id_paciente }).returning();
    const m = (id_chat: number, seq: number, remitente: string, leido: boolean) => ({ id_chat, seq, remitente, contenido: 'x', leido });
    await t.db
      .insert(mensaje)
      .values([
        m(a.id_chat, 1, 'paciente', false),
        m(a.id_chat, 2, 'paciente', true),
        m(a.id_chat, 3, 'paciente', false),
        m(a.id_chat, 4, 'psicologo', false),
        m(b.id_chat, 1, 'admin', false),
        m(b.id_chat, 2, 'paciente', true),
      ]);
    const sentencias = readFileSync(new URL('../../migrations/0008_chat_contadores.sql', import.meta.url), 'utf8').split(
      '--> statement-breakpoint',
    );
    const relleno = sentencias.find((s) => s.includes('-- Backfill'));
    expect(relleno).toBeDefined();
    await t.db.execute(sql.raw(relleno as string));
    expect(await filaChat(t, a.id_chat)).toMatchObject({ no_leidos_de_paciente: 2, no_leidos_de_psicologo: 1, no_leidos_de_admin: 0 });
    expect(await filaChat(t, b.id_chat)).toMatchObject({ no_leidos_de_paciente: 0, no_leidos_de_psicologo: 0, no_leidos_de_admin: 1 });
  });
});

describe('planes con estadísticas viejas', () => {
  it('chat_enviar planea sin recorridos secuenciales (un plan genérico hecho con la tabla vacía sigue usando índices)', async () => {
    const [f] = await consultar(t.db, sql`select proconfig from pg_proc where proname = 'chat_enviar'`);
    expect(f.proconfig).toEqual(['enable_seqscan=off']);
  });

  it('con chat y mensaje analizadas vacías y llenadas después, el envío no recorre mensaje ni chat secuencialmente', async () => {
    // A database of its own: its tables were analyzed empty by the migrations and stay so.
    const p = await crearAppDePrueba();
    try {
      const psi = await crearPsicologo(p.db);
      const pac = await crearPaciente(p.db, { id_psicologo: psi.id_psicologo });
      await p.db.transaction(async (tx) => {
        const [c] = await tx
          .insert(chat)
          .values({ tipo: 'paciente', id_psicologo: psi.id_psicologo, id_paciente: pac.id_paciente })
          .returning();
        const enviar = (i: number) =>
          tx.execute(
            sql`select estado from chat_enviar(${c.id_chat}::integer, 'paciente'::text, ${pac.id_paciente}::integer, ${`m${i}`}::text, ${`cli-${i}-xxxx`}::text, now(), '{}'::text[])`,
          );
        // A plain statement whose generic plan is cached now, while mensaje is empty: the trap.
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw('prepare trampa(integer) as select count(*) from mensaje where id_chat = $1 and not leido'));
        await tx.execute(sql.raw(`execute trampa(${c.id_chat})`));
        await tx.execute(sql`set local plan_cache_mode = auto`);
        // The function's own statements are run (and would be cached) while the tables are nearly empty.
        for (let i = 0; i < 8; i++) await enviar(i);
        // Then history arrives without an ANALYZE: 400 conversations of 50 messages.
        await tx.execute(sql`
          with pacientes as (
            insert into paciente (id_psicologo, nombre, apellido_paterno, email, telefono, fecha_nacimiento)
            select ${psi.id_psicologo}, 'P' || g, 'A', 'p' || g || '-' || ${c.id_chat} || '@ejemplo.mx', '5555555555', date '1990-01-01'
              from generate_series(1, 400) g
            returning id_paciente
          ), chats as (
            insert into chat (tipo, id_psicologo, id_paciente, ultimo_seq)
            select 'paciente', ${psi.id_psicologo}, id_paciente, 50 from pacientes
            returning id_chat
          )
          insert into mensaje (id_chat, seq, remitente, contenido, leido)
          select id_chat, s, case when s % 2 = 0 then 'paciente' else 'psicologo' end, 'historia', s < 40
            from chats, generate_series(1, 50) s`);
        const [est] = await consultar(tx, sql`select reltuples::int as n from pg_class where relname = 'mensaje'`);
        expect(Number(est.n)).toBeLessThanOrEqual(0); // statistics still say: empty
        // The trap is armed: the generic plan cached while empty scans mensaje sequentially.
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        const trampa = (await consultar(tx, sql.raw(`explain execute trampa(${c.id_chat})`))).map((x) => Object.values(x)[0]).join('\n');
        expect(trampa).toMatch(/Seq Scan on mensaje/);
        await tx.execute(sql`set local plan_cache_mode = auto`);

        const escaneos = async () => {
          const filas = await consultar(
            tx,
            sql`select relname, seq_scan::int as seq, idx_scan::int as idx from pg_stat_xact_user_tables where relname in ('chat', 'mensaje')`,
          );
          return Object.fromEntries(filas.map((x) => [x.relname as string, { seq: Number(x.seq), idx: Number(x.idx) }]));
        };
        const antes = await escaneos();
        for (let i = 8; i < 28; i++) await enviar(i);
        // A retried client id too (the rare path's lookups).
        await enviar(10);
        const despues = await escaneos();
        expect(despues.mensaje.seq - antes.mensaje.seq, 'Seq Scan en mensaje durante los envíos').toBe(0);
        expect(despues.chat.seq - antes.chat.seq, 'Seq Scan en chat durante los envíos').toBe(0);
        expect(despues.chat.idx - antes.chat.idx).toBeGreaterThanOrEqual(21);
        const [fila] = await tx.select().from(chat).where(eq(chat.id_chat, c.id_chat));
        expect(fila).toMatchObject({ ultimo_seq: 28, no_leidos_de_paciente: 28 });
        await tx.execute(sql.raw('deallocate trampa'));
      });
    } finally {
      await p.cerrar();
    }
  });
});
