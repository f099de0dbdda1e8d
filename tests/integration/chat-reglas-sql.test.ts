// The chat's access rule and unread count live in TypeScript (shared/chat-reglas.ts) and in SQL
// (the repo's filters and the chat_enviar function). Same table of cases, same answers.
import { chat, mensaje } from '@miduelo/server/db/schema/chat';
import { accedeAlChat, noLeidosPara, type RolChat } from '@miduelo/shared/chat-reglas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { crearPaciente, crearPsicologo } from '../helpers/fabricas';

let t: AppDePrueba;

beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(async () => t?.cerrar());

type Fila = { remitente: RolChat; leido: boolean };

describe('reglas del chat: SQL y TypeScript coinciden', () => {
  it('acceso y mensajes no leídos sobre la misma tabla de casos', async () => {
    const psi = await crearPsicologo(t.db);
    const otroPsi = await crearPsicologo(t.db);
    const admin = await crearPsicologo(t.db, { rol_admin: true });
    const pac = await crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
    const otroPac = await crearPaciente(t.db, { id_psicologo: otroPsi.id_psicologo });

    const casos: { c: typeof chat.$inferInsert; mensajes: Fila[] }[] = [
      { c: { tipo: 'paciente', id_psicologo: psi.id_psicologo, id_paciente: pac.id_paciente }, mensajes: [] },
      {
        c: { tipo: 'paciente', id_psicologo: otroPsi.id_psicologo, id_paciente: otroPac.id_paciente },
        mensajes: [
          { remitente: 'paciente', leido: false },
          { remitente: 'paciente', leido: true },
          { remitente: 'psicologo', leido: false },
        ],
      },
      {
        c: { tipo: 'admin', id_admin: admin.id_psicologo, id_psicologo: psi.id_psicologo },
        mensajes: [
          { remitente: 'admin', leido: false },
          { remitente: 'admin', leido: false },
          { remitente: 'psicologo', leido: true },
        ],
      },
      {
        c: { tipo: 'admin', id_admin: admin.id_psicologo, id_paciente: pac.id_paciente },
        mensajes: [{ remitente: 'paciente', leido: false }],
      },
    ];
    const actores: { rol: RolChat; id: number }[] = [
      { rol: 'psicologo', id: psi.id_psicologo },
      { rol: 'psicologo', id: otroPsi.id_psicologo },
      { rol: 'psicologo', id: admin.id_psicologo },
      { rol: 'paciente', id: pac.id_paciente },
      { rol: 'paciente', id: otroPac.id_paciente },
      { rol: 'admin', id: admin.id_psicologo },
      { rol: 'admin', id: psi.id_psicologo },
    ];

    for (const caso of casos) {
      const [fila] = await t.db
        .insert(chat)
        .values({ ...caso.c, ultimo_seq: caso.mensajes.length, rev: caso.mensajes.length })
        .returning();
      if (caso.mensajes.length > 0) {
        await t.db
          .insert(mensaje)
          .values(
            caso.mensajes.map((m, i) => ({ id_chat: fila.id_chat, seq: i + 1, remitente: m.remitente, contenido: 'hola', leido: m.leido })),
          );
      }
      for (const actor of actores) {
        const esperado = accedeAlChat(actor, fila);
        // Access as the repo states it (every read of a conversation) …
        const leidas = await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from chat where id_chat = ${fila.id_chat} and case ${actor.rol}
                when 'psicologo' then id_psicologo = ${actor.id}
                when 'paciente' then id_paciente = ${actor.id}
                else tipo = 'admin' and id_admin = ${actor.id} end`,
        );
        const filas = Array.isArray(leidas) ? leidas : (leidas as unknown as { rows: { n: number }[] }).rows;
        expect(Number(filas[0].n) === 1, `lectura ${actor.rol}:${actor.id} en chat ${fila.id_chat}`).toBe(esperado);
        // … and as chat_enviar states it: an outsider gets 'no_encontrado' and writes nothing.
        if (!esperado) {
          const r = await t.db.execute<{ estado: string }>(
            sql`select estado from chat_enviar(${fila.id_chat}::integer, ${actor.rol}::text, ${actor.id}::integer, 'x'::text, null::text, now(), '{}'::text[])`,
          );
          const estados = Array.isArray(r) ? r : (r as unknown as { rows: { estado: string }[] }).rows;
          expect(estados[0].estado, `envío ${actor.rol}:${actor.id} en chat ${fila.id_chat}`).toBe('no_encontrado');
        }
      }
      // The unread count of each participant, as the conversation list computes it in SQL.
      for (const rol of ['psicologo', 'paciente', 'admin'] as const) {
        const r = await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from mensaje m where m.id_chat = ${fila.id_chat} and not m.leido and m.remitente <> ${rol}`,
        );
        const filas = Array.isArray(r) ? r : (r as unknown as { rows: { n: number }[] }).rows;
        expect(Number(filas[0].n), `no leídos de ${rol} en chat ${fila.id_chat}`).toBe(noLeidosPara(rol, caso.mensajes));
      }
    }
  });

  it('chat_enviar cuenta los no leídos del destinatario como noLeidosPara', async () => {
    const psi = await crearPsicologo(t.db);
    const pac = await crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
    const [c] = await t.db
      .insert(chat)
      .values({ tipo: 'paciente', id_psicologo: psi.id_psicologo, id_paciente: pac.id_paciente })
      .returning();
    const enviados: Fila[] = [];
    for (const remitente of ['paciente', 'paciente', 'psicologo', 'paciente'] as const) {
      const r = await t.db.execute<{ no_leidos: number }>(
        sql`select no_leidos from chat_enviar(${c.id_chat}::integer, ${remitente}::text, ${remitente === 'paciente' ? pac.id_paciente : psi.id_psicologo}::integer, 'hola'::text, null::text, now(), '{}'::text[])`,
      );
      enviados.push({ remitente, leido: false });
      const filas = Array.isArray(r) ? r : (r as unknown as { rows: { no_leidos: number }[] }).rows;
      const destinatario: RolChat = remitente === 'paciente' ? 'psicologo' : 'paciente';
      expect(Number(filas[0].no_leidos)).toBe(noLeidosPara(destinatario, enviados));
    }
  });
});
