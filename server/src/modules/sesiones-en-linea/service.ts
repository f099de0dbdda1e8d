// Online-session rooms (issue 54, decisions 358–360): who may enter, when, and the record of it.
// The same rules answer HTTP and the socket: only the room's psychologist and patient (anyone
// else gets the 404 of a room that does not exist), an "En línea" appointment not cancelled, from
// 10 minutes before its start to its end plus the grace, not ended. A room whose window passed
// with nobody ending it is ended by time the next time anyone asks for it.
import { MSG } from '@miduelo/shared/cuentas';
import { horaEnZona } from '@miduelo/shared/fechas';
import {
  type AvisoEnSala,
  type EntradaSesion,
  GRACIA_MAX_MIN,
  MSG_SESION,
  SESION_SIN_CITA_MIN,
  type SesionEnLinea,
} from '@miduelo/shared/sesiones-en-linea';
import { type Actor, auditar } from '../../comun/auditoria';
import { diasRestantes } from '../../comun/cuenta-limitada';
import { esPacienteDe } from '../../comun/repo';
import { conflict, forbidden, notFound } from '../../errors';
import type { Sesion } from '../../plugins/auth';
import type { Ctx } from '../../plugins/contexto';
import { aDto, avisoDe, cierraEn, type SalaCreada } from './dto';
import { avisarMiSesion, hayEsperando, publicarEstado, publicarTerminada } from './eventos';
import {
  crearSalaDeCita,
  crearSalaSinCita,
  marcarIniciada,
  type Sala,
  salaDeCita,
  salaPorId,
  salaSinCitaAbierta,
  salasAbiertasDe,
  salasDePaciente,
  sumarGracia,
  terminarPorVentana,
  salasSinTerminar,
  terminarSala,
} from './repo';
import { servidoresIce } from './turn';

export type CtxSesiones = Pick<Ctx, 'db' | 'config' | 'realtime' | 'log'>;

/** The account acting: the room's psychologist or its patient (or neither). */
export interface Parte {
  tipo: 'psicologo' | 'paciente';
  id: number;
}

export const parteDeSesion = (s: Sesion): Parte =>
  s.tipo === 'paciente' ? { tipo: 'paciente', id: s.id_paciente } : { tipo: 'psicologo', id: s.id_psicologo };

const MIN_MS = 60_000;
const RECURSO = 'sesion_en_linea';

export const esParte = (s: Sala, p: Parte) => (p.tipo === 'psicologo' ? s.id_psicologo === p.id : s.id_paciente === p.id);

/** Anyone but the room's psychologist and patient: the same answer as a room that does not exist. */
export function exigirParte<S extends Sala>(s: S | null, p: Parte): S {
  if (!s || !esParte(s, p)) throw notFound(MSG_SESION.noEncontrada, 'SESION_NO_ENCONTRADA');
  return s;
}

/** A room whose window passed: ended by time (once), and everyone in it told. */
async function cerrarPorVentana(ctx: CtxSesiones, salas: SalaCreada[]) {
  const vencidas = salas.filter((s) => s.terminada_en === null);
  if (vencidas.length === 0) return;
  const terminadas = await terminarPorVentana(
    ctx.db,
    vencidas.map((s) => ({ id_sesion: s.id_sesion, cierra_en: cierraEn(s) })),
  );
  for (const s of vencidas) {
    s.terminada_en = cierraEn(s);
    s.terminada_por = 'ventana';
    // Told once: by whoever ended it (a request, or the expiry pass on any node).
    if (terminadas.has(s.id_sesion)) publicarTerminada(ctx.realtime, s);
  }
}

/** The expiry pass (every 30 s on every node, decision 373): rooms whose window passed while nobody
 * asked about them — both parties may still be inside — end, and whoever is in them is told. */
export async function cerrarSalasVencidas(ctx: CtxSesiones): Promise<number> {
  const ahora = ctx.config.now();
  const vencidas = (await salasSinTerminar(ctx.db, ctx.config.zonaClinica, 500)).filter((s) => ahora >= cierraEn(s)) as SalaCreada[];
  await cerrarPorVentana(ctx, vencidas);
  return vencidas.length;
}

/** Refuses a room that cannot be entered now (409, Spanish); ends by time one whose window passed. */
export async function exigirAbierta(ctx: CtxSesiones, s: Sala): Promise<void> {
  if (s.modalidad !== null && s.modalidad !== 'En línea') throw conflict(MSG_SESION.noEsEnLinea, 'SESION_NO_EN_LINEA');
  if (s.estado_cita === 'cancelada') throw conflict(MSG_SESION.cancelada, 'SESION_CITA_CANCELADA');
  if (s.terminada_por === 'psicologo') throw conflict(MSG_SESION.terminada, 'SESION_TERMINADA');
  if (s.terminada_en) throw conflict(MSG_SESION.yaCerro, 'SESION_CERRADA');
  const ahora = ctx.config.now();
  if (ahora < s.abre_en) throw conflict(MSG_SESION.aunNoAbre(horaEnZona(s.abre_en, ctx.config.zonaClinica)), 'SESION_AUN_NO_ABRE');
  if (ahora >= cierraEn(s)) {
    if (s.id_sesion !== null) await cerrarPorVentana(ctx, [s as SalaCreada]);
    throw conflict(MSG_SESION.yaCerro, 'SESION_CERRADA');
  }
}

/** A room by id, for its psychologist or patient, open now. */
export async function salaAbierta(ctx: CtxSesiones, parte: Parte, idSesion: number): Promise<SalaCreada> {
  const s = exigirParte(await salaPorId(ctx.db, ctx.config.zonaClinica, idSesion), parte) as SalaCreada;
  await exigirAbierta(ctx, s);
  return s;
}

async function releer(ctx: CtxSesiones, idSesion: number): Promise<SalaCreada> {
  const s = await salaPorId(ctx.db, ctx.config.zonaClinica, idSesion);
  if (!s) throw notFound(MSG_SESION.noEncontrada, 'SESION_NO_ENCONTRADA');
  return s as SalaCreada;
}

function entrada(ctx: CtxSesiones, parte: Parte, s: SalaCreada): EntradaSesion {
  return { sesion: aDto(s), ice_servers: servidoresIce(ctx.config, parte) };
}

const auditoriaEntrada = (s: { id_sesion: number; id_cita: number | null; id_paciente: number }) => ({
  accion: 'entrar_sesion',
  recurso: RECURSO,
  idRecurso: s.id_sesion,
  idPaciente: s.id_paciente,
  detalle: { id_cita: s.id_cita },
});

/** POST /api/{psicologo|paciente}/citas/:id/sesion: the appointment's room, created on first entry. */
export async function entrarPorCita(ctx: CtxSesiones, o: { parte: Parte; actor: Actor; idCita: number }): Promise<EntradaSesion> {
  const s = exigirParte(await salaDeCita(ctx.db, ctx.config.zonaClinica, o.idCita), o.parte);
  await exigirAbierta(ctx, s);
  const id = await ctx.db.transaction(async (tx) => {
    const idSesion =
      s.id_sesion ?? (await crearSalaDeCita(tx, { idCita: o.idCita, idPsicologo: s.id_psicologo, idPaciente: s.id_paciente }));
    await auditar(tx, o.actor, auditoriaEntrada({ id_sesion: idSesion, id_cita: o.idCita, id_paciente: s.id_paciente }));
    return idSesion;
  });
  return entrada(ctx, o.parte, await releer(ctx, id));
}

/** POST /api/{psicologo|paciente}/sesiones/:id/entrar: any room by id. */
export async function entrarPorId(ctx: CtxSesiones, o: { parte: Parte; actor: Actor; idSesion: number }): Promise<EntradaSesion> {
  const s = await salaAbierta(ctx, o.parte, o.idSesion);
  await auditar(ctx.db, o.actor, auditoriaEntrada(s));
  return entrada(ctx, o.parte, s);
}

/** POST /api/psicologo/pacientes/:id/sesion: a room with her own patient, without appointment;
 * the open one when there is one. */
export async function abrirSinCita(
  ctx: CtxSesiones,
  o: { sesion: Sesion & { tipo: 'psicologo' }; actor: Actor; idPaciente: number },
): Promise<{ creada: boolean; entrada: EntradaSesion }> {
  const idPsicologo = o.sesion.id_psicologo;
  const parte: Parte = { tipo: 'psicologo', id: idPsicologo };
  if (!(await esPacienteDe(ctx.db, idPsicologo, o.idPaciente))) throw notFound(MSG_SESION.pacienteNoVinculado, 'PACIENTE_NO_VINCULADO');
  const ahora = ctx.config.now();
  const limitada = diasRestantes({ ...o.sesion, createdAt: o.sesion.creadoEn }, ahora, ctx.config.diasGraciaValidacion) === 0;
  for (let intento = 0; intento < 3; intento++) {
    const abierta = await salaSinCitaAbierta(ctx.db, ctx.config.zonaClinica, o.idPaciente);
    if (abierta && ahora >= cierraEn(abierta)) {
      await cerrarPorVentana(ctx, [abierta as SalaCreada]);
      continue;
    }
    if (abierta) {
      // Another psychologist's open room with this patient (before a reassignment) is not hers.
      exigirParte(abierta, parte);
      await auditar(ctx.db, o.actor, auditoriaEntrada(abierta as SalaCreada));
      return { creada: false, entrada: entrada(ctx, parte, abierta as SalaCreada) };
    }
    // A limited account (licence not validated past its grace) opens nothing new, as it books nothing new.
    if (limitada) throw forbidden(MSG.cuentaLimitadaAccion, 'CUENTA_LIMITADA');
    const id = await ctx.db.transaction(async (tx) => {
      const nuevo = await crearSalaSinCita(tx, {
        idPsicologo,
        idPaciente: o.idPaciente,
        abre: ahora,
        cierra: new Date(ahora.getTime() + SESION_SIN_CITA_MIN * MIN_MS),
      });
      if (nuevo === null) return null;
      await auditar(tx, o.actor, [
        { accion: 'abrir_sesion', recurso: RECURSO, idRecurso: nuevo, idPaciente: o.idPaciente, detalle: { id_cita: null } },
        auditoriaEntrada({ id_sesion: nuevo, id_cita: null, id_paciente: o.idPaciente }),
      ]);
      return nuevo;
    });
    if (id === null) continue; // another request opened it first: answer that one
    const s = await releer(ctx, id);
    avisarMiSesion(ctx.realtime, s);
    return { creada: true, entrada: entrada(ctx, parte, s) };
  }
  throw conflict(MSG_SESION.noEncontrada, 'SESION_NO_DISPONIBLE');
}

/** PUT /api/psicologo/sesiones/:id/gracia: one more extension, up to GRACIA_MAX_MIN in total. */
export async function extender(
  ctx: CtxSesiones,
  o: { idPsicologo: number; actor: Actor; idSesion: number; minutos: number },
): Promise<SesionEnLinea> {
  const s = await salaAbierta(ctx, { tipo: 'psicologo', id: o.idPsicologo }, o.idSesion);
  await ctx.db.transaction(async (tx) => {
    if (!(await sumarGracia(tx, s.id_sesion, o.minutos, GRACIA_MAX_MIN))) throw conflict(MSG_SESION.graciaInvalida, 'GRACIA_AGOTADA');
    await auditar(tx, o.actor, {
      accion: 'extender_sesion',
      recurso: RECURSO,
      idRecurso: s.id_sesion,
      idPaciente: s.id_paciente,
      detalle: { minutos: o.minutos },
    });
  });
  const nueva = await releer(ctx, s.id_sesion);
  await publicarCambio(ctx, nueva);
  return aDto(nueva);
}

/** Tells both rooms, the psychologist and the patient that a room changed (after the commit). */
export async function publicarCambio(ctx: CtxSesiones, s: SalaCreada) {
  await publicarEstado(ctx.realtime, s);
  avisarMiSesion(ctx.realtime, s);
}

/** The psychologist admits the waiting patient: the session starts (once). */
export async function admitir(ctx: CtxSesiones, o: { idPsicologo: number; actor: Actor; idSesion: number }): Promise<SalaCreada> {
  const s = await salaAbierta(ctx, { tipo: 'psicologo', id: o.idPsicologo }, o.idSesion);
  // Admitted once: the session starts then (admitting again, after a reconnection, records nothing).
  if (s.iniciada_en) return s;
  await ctx.db.transaction(async (tx) => {
    if (!(await marcarIniciada(tx, s.id_sesion, ctx.config.now()))) return;
    await auditar(tx, o.actor, { accion: 'admitir_sesion', recurso: RECURSO, idRecurso: s.id_sesion, idPaciente: s.id_paciente });
  });
  return releer(ctx, s.id_sesion);
}

/** The psychologist ends the session for both. An already ended room answers as it is. */
export async function terminar(ctx: CtxSesiones, o: { idPsicologo: number; actor: Actor; idSesion: number }): Promise<SalaCreada> {
  const s = exigirParte(await salaPorId(ctx.db, ctx.config.zonaClinica, o.idSesion), {
    tipo: 'psicologo',
    id: o.idPsicologo,
  }) as SalaCreada;
  if (s.terminada_en) return s;
  await ctx.db.transaction(async (tx) => {
    if (!(await terminarSala(tx, s.id_sesion, ctx.config.now()))) return;
    await auditar(tx, o.actor, { accion: 'terminar_sesion', recurso: RECURSO, idRecurso: s.id_sesion, idPaciente: s.id_paciente });
  });
  const t = await releer(ctx, s.id_sesion);
  publicarTerminada(ctx.realtime, t);
  return t;
}

/** Rooms of a party open now (window open, not ended), after ending those whose window passed. */
async function abiertasAhora(ctx: CtxSesiones, parte: Parte): Promise<SalaCreada[]> {
  const ahora = ctx.config.now();
  const salas = (await salasAbiertasDe(ctx.db, ctx.config.zonaClinica, parte)) as SalaCreada[];
  const validas = salas.filter((s) => s.estado_cita !== 'cancelada' && (s.modalidad === null || s.modalidad === 'En línea'));
  await cerrarPorVentana(
    ctx,
    validas.filter((s) => ahora >= cierraEn(s)),
  );
  return validas.filter((s) => s.terminada_en === null && s.abre_en <= ahora);
}

/** GET /api/psicologo/sesiones/activas: her rooms with a patient waiting or a session in course. */
export async function activasDePsicologo(ctx: CtxSesiones, idPsicologo: number): Promise<AvisoEnSala[]> {
  const salas = await abiertasAhora(ctx, { tipo: 'psicologo', id: idPsicologo });
  const avisos = await Promise.all(salas.map(async (s) => avisoDe(s, await hayEsperando(ctx.realtime, s.id_sesion))));
  return avisos.filter((a) => a.esperando || a.en_curso);
}

/** GET /api/paciente/sesiones/abiertas: her rooms open now. */
export async function abiertasDePaciente(ctx: CtxSesiones, idPaciente: number): Promise<SesionEnLinea[]> {
  return (await abiertasAhora(ctx, { tipo: 'paciente', id: idPaciente })).map(aDto);
}

/** GET /api/psicologo/pacientes/:id/sesiones: the records for the patient file, newest first. */
export async function registrosDePaciente(ctx: CtxSesiones, o: { idPsicologo: number; idPaciente: number }): Promise<SesionEnLinea[]> {
  if (!(await esPacienteDe(ctx.db, o.idPsicologo, o.idPaciente))) throw notFound(MSG_SESION.pacienteNoVinculado, 'PACIENTE_NO_VINCULADO');
  const ahora = ctx.config.now();
  const salas = (await salasDePaciente(ctx.db, ctx.config.zonaClinica, o.idPsicologo, o.idPaciente)) as SalaCreada[];
  await cerrarPorVentana(
    ctx,
    salas.filter((s) => s.terminada_en === null && ahora >= cierraEn(s)),
  );
  return salas.sort((a, b) => b.abre_en.getTime() - a.abre_en.getTime() || b.id_sesion - a.id_sesion).map(aDto);
}
