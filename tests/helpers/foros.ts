// Helpers of the forum tests: accounts with an API caller each, and a forum with a topic.
import { randomUUID } from 'node:crypto';
import { foro, foroTema } from '@miduelo/server/db/schema/foros';
import type { AppDePrueba } from './app';
import { inyectarCon } from './app';
import { crearPaciente, crearPsicologo, type Paciente, type Psicologo, sesionPaciente, sesionPsicologo } from './fabricas';

// biome-ignore lint/suspicious/noExplicitAny: the tests read arbitrary JSON bodies field by field
type Json = any;

export interface Respuesta {
  status: number;
  body: Json;
  headers: Record<string, unknown>;
}

export interface Usuario {
  token: string;
  tipo: 'psicologo' | 'paciente';
  id: number;
  nombre: string;
  get(url: string): Promise<Respuesta>;
  post(url: string, payload?: unknown): Promise<Respuesta>;
  put(url: string, payload?: unknown): Promise<Respuesta>;
  del(url: string): Promise<Respuesta>;
}

export function usuario(t: AppDePrueba, token: string, tipo: 'psicologo' | 'paciente', id: number, nombre: string): Usuario {
  const llamar = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const r = await inyectarCon(t.app, token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: r.statusCode, body: r.body ? r.json() : undefined, headers: r.headers };
  };
  return {
    token,
    tipo,
    id,
    nombre,
    get: (url) => llamar('GET', url),
    post: (url, payload) => llamar('POST', url, payload),
    put: (url, payload) => llamar('PUT', url, payload),
    del: (url) => llamar('DELETE', url),
  };
}

let n = 0;
export async function psicologoForo(t: AppDePrueba, o: Partial<Psicologo> = {}): Promise<Usuario & { fila: Psicologo }> {
  const s = `${Date.now() % 100000}${++n}`.slice(-6);
  const p = await crearPsicologo(t.db, { correo: `foro${s}@prueba.mx`, nombre: `Psi${s}`, ...o });
  return { ...usuario(t, sesionPsicologo(t.app, p), 'psicologo', p.id_psicologo, p.nombre), fila: p };
}

export async function pacienteForo(t: AppDePrueba, o: Partial<Paciente> = {}): Promise<Usuario & { fila: Paciente }> {
  const s = `${Date.now() % 100000}${++n}`.slice(-6);
  const p = await crearPaciente(t.db, { nombre: `Pac${s}`, ...o });
  return { ...usuario(t, sesionPaciente(t.app, p), 'paciente', p.id_paciente, p.nombre), fila: p };
}

export const idCliente = () => randomUUID().replaceAll('-', '');

/** A forum created by `admin` (its forum admin), with one topic. */
export async function foroConTema(admin: Usuario, o: { publico?: boolean; titulo?: string } = {}) {
  const f = await admin.post('/api/foros', {
    titulo: o.titulo ?? 'Foro de prueba',
    descripcion: 'Descripción',
    publico: o.publico ?? true,
  });
  if (f.status !== 201) throw new Error(`crear foro: ${f.status} ${JSON.stringify(f.body)}`);
  const idForo: number = f.body.data.id_foro;
  const tema = await admin.post(`/api/foros/${idForo}/temas`, { titulo: 'Primer tema' });
  if (tema.status !== 201) throw new Error(`crear tema: ${tema.status} ${JSON.stringify(tema.body)}`);
  return { idForo, idTema: tema.body.data.id_tema as number };
}

/** Makes `psi` a moderator of the forum through an accepted invitation. */
export async function hacerModerador(admin: Usuario, psi: Usuario & { fila: Psicologo }, idForo: number) {
  const inv = await admin.post(`/api/foros/${idForo}/invitar`, { correo: psi.fila.correo });
  if (inv.status !== 201) throw new Error(`invitar: ${inv.status} ${JSON.stringify(inv.body)}`);
  const r = await psi.post(`/api/foros/invitaciones/${inv.body.data.id_invitacion}/responder`, { aceptar: true });
  if (r.status !== 200) throw new Error(`responder: ${r.status} ${JSON.stringify(r.body)}`);
}

/**
 * `n` more topics in a forum, written straight to the database (a forum's long history, beyond what
 * the publishing limit lets one account create in a test), titled 'Tema 01'…: the higher the
 * number, the more recent its activity, and every one older than what the API created before.
 */
export async function temasAntiguos(t: AppDePrueba, idForo: number, autor: Usuario, n: number) {
  const base = t.reloj.ahora().getTime() - 86_400_000;
  await t.db.insert(foroTema).values(
    Array.from({ length: n }, (_, i) => {
      const cuando = new Date(base + i * 60_000);
      return {
        id_foro: idForo,
        titulo: `Tema ${String(i + 1).padStart(2, '0')}`,
        autor_tipo: autor.tipo,
        autor_id: autor.id,
        fecha_creacion: cuando,
        fecha_actividad: cuando,
      };
    }),
  );
}

/** `n` public forums created after everything else (a platform with a long list of them), straight
 * to the database: 'Foro nuevo 001'…, the higher the number, the newer. */
export async function forosNuevos(t: AppDePrueba, creador: Usuario, n: number) {
  const base = t.reloj.ahora().getTime() + 60_000;
  await t.db.insert(foro).values(
    Array.from({ length: n }, (_, i) => ({
      titulo: `Foro nuevo ${String(i + 1).padStart(3, '0')}`,
      descripcion: null,
      publico: true,
      id_creador: creador.id,
      fecha_creacion: new Date(base + i * 1000),
    })),
  );
}
