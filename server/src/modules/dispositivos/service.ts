// Open sessions and devices (issue 56, decisions 380–381): each full session is recorded when its
// token is handed out; its owner lists them and closes any other one, or all the others. A closed
// session's token is refused at once on every node and its sockets are dropped.
import { hash } from 'node:crypto';
import { MSG_DISPOSITIVOS, type SesionAbierta } from '@miduelo/shared/dispositivos';
import { fechaEnZona, formatoFecha, horaEnZona } from '@miduelo/shared/fechas';
import { eq } from 'drizzle-orm';
import { type Actor, auditar } from '../../comun/auditoria';
import { avisar } from '../../comun/aviso';
import { paciente, psicologo } from '../../db/schema/cuentas';
import type { DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { correoNuevoDispositivo } from '../../mail/plantillas-dispositivos';
import type { Ctx } from '../../plugins/contexto';
import type { CuentaSesion } from '../../plugins/sesiones-cache';
import { describirAgente, lugarDe } from './agente';
import { anotarDispositivo, cerrarSesiones, insertarSesion, listarSesiones, otrasSesiones, sesionDeCuenta, sucederSesion } from './repo';

/** What a full session token says of itself (read back right after it was signed). */
export interface TokenEmitido {
  jti: string;
  exp: number;
  cuenta: CuentaSesion;
  version: number;
}

async function destinatario(db: DbOrTx, c: CuentaSesion) {
  if (c.tipo === 'psicologo') {
    const [p] = await db
      .select({ correo: psicologo.correo, nombre: psicologo.nombre })
      .from(psicologo)
      .where(eq(psicologo.id_psicologo, c.id));
    return p;
  }
  const [p] = await db.select({ correo: paciente.email, nombre: paciente.nombre }).from(paciente).where(eq(paciente.id_paciente, c.id));
  return p;
}

/**
 * A session opened (login, second step, passkey, forced enrolment): its row, its device noted, and
 * a mail when the device is new to an account that had used others (decision 381). `reemplaza`: the
 * token it succeeds on the same device (a password change) — its row follows, no device check.
 */
export async function registrarSesionAbierta(
  ctx: Ctx,
  o: { token: TokenEmitido; agente: string | undefined; ip: string | null; idEquipo: string; reemplaza?: string },
) {
  const ahora = ctx.now();
  const expiraEn = new Date(o.token.exp * 1000);
  const { cuenta } = o.token;
  if (o.reemplaza && (await sucederSesion(ctx.db, { anterior: o.reemplaza, jti: o.token.jti, version: o.token.version, expiraEn, ahora })))
    return;
  const d = describirAgente(o.agente);
  const lugar = lugarDe(o.ip);
  const huella = hash('sha256', `equipo:${o.idEquipo}`, 'hex');
  const { nuevo, habiaOtros } = await ctx.db.transaction(async (tx) => {
    await insertarSesion(tx, {
      jti: o.token.jti,
      cuentaTipo: cuenta.tipo,
      cuentaId: cuenta.id,
      version: o.token.version,
      ...d,
      ip: o.ip,
      lugar,
      creadaEn: ahora,
      ultimoUso: ahora,
      expiraEn,
    });
    return anotarDispositivo(tx, { cuenta, huella, ahora });
  });
  if (!nuevo || !habiaOtros || o.reemplaza) return;
  await avisar(ctx, 'aviso de dispositivo nuevo', async () => {
    const c = await destinatario(ctx.db, cuenta);
    if (!c) return;
    const zona = ctx.config.zonaClinica;
    const cuando = `${formatoFecha(fechaEnZona(ahora, zona))} a las ${horaEnZona(ahora, zona)}`;
    await ctx.mailer.enviar(correoNuevoDispositivo({ para: c.correo, nombre: c.nombre, cuando, ...d, lugar }));
  });
}

export async function listarSesionesAbiertas(ctx: Ctx, o: { cuenta: CuentaSesion; jtiActual: string }): Promise<SesionAbierta[]> {
  const filas = await listarSesiones(ctx.db, o.cuenta, ctx.now());
  const vista = filas.map((f) => ({
    id: f.id,
    dispositivo: f.dispositivo,
    navegador: f.navegador,
    sistema: f.sistema,
    lugar: f.lugar,
    creada_en: f.creadaEn.toISOString(),
    ultimo_uso: f.ultimoUso.toISOString(),
    expira_en: f.expiraEn.toISOString(),
    actual: f.jti === o.jtiActual,
  }));
  // This device first, then the most recently used.
  return [...vista.filter((s) => s.actual), ...vista.filter((s) => !s.actual)];
}

/** The closed sessions' cached checks forgotten on every node and their sockets dropped. */
async function soltar(ctx: Ctx, cuenta: CuentaSesion, jtis: string[]) {
  for (const jti of jtis) await ctx.realtime.desconectarCuenta(cuenta, 'cierre', jti);
}

/** Closes one other session of the account; the current one closes with "Cerrar sesión". */
export async function cerrarSesionAbierta(ctx: Ctx, o: { cuenta: CuentaSesion; jtiActual: string; id: number; actor: Actor }) {
  const ahora = ctx.now();
  const fila = await ctx.db.transaction(async (tx) => {
    const f = await sesionDeCuenta(tx, o.cuenta, o.id, ahora);
    // Another account's session, or one no longer open: the same answer, nothing changed.
    if (!f) throw notFound(MSG_DISPOSITIVOS.noEncontrada, 'SESION_NO_ENCONTRADA');
    if (f.jti === o.jtiActual) throw conflict(MSG_DISPOSITIVOS.esLaActual, 'SESION_ACTUAL');
    await cerrarSesiones(tx, [f]);
    await auditar(tx, o.actor, {
      accion: 'cerrar_sesion_dispositivo',
      recurso: o.cuenta.tipo,
      idRecurso: o.cuenta.id,
      detalle: { sesion: f.id, dispositivo: f.dispositivo, navegador: f.navegador },
    });
    return f;
  });
  await soltar(ctx, o.cuenta, [fila.jti]);
  return { msg: MSG_DISPOSITIVOS.cerrada, cerradas: 1 };
}

/** "Cerrar todas las demás": every listed session but this one. */
export async function cerrarOtrasSesiones(ctx: Ctx, o: { cuenta: CuentaSesion; jtiActual: string; actor: Actor }) {
  const ahora = ctx.now();
  const filas = await ctx.db.transaction(async (tx) => {
    const fs = await otrasSesiones(tx, o.cuenta, o.jtiActual, ahora);
    await cerrarSesiones(tx, fs);
    for (const f of fs)
      await auditar(tx, o.actor, {
        accion: 'cerrar_sesion_dispositivo',
        recurso: o.cuenta.tipo,
        idRecurso: o.cuenta.id,
        detalle: { sesion: f.id, dispositivo: f.dispositivo, navegador: f.navegador, todas_las_demas: true },
      });
    return fs;
  });
  await soltar(
    ctx,
    o.cuenta,
    filas.map((f) => f.jti),
  );
  return { msg: MSG_DISPOSITIVOS.cerradas(filas.length), cerradas: filas.length };
}
