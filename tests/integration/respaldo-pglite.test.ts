// Backups of the embedded database (decision 389): PGlite admits one process, so `pnpm backup` refuses
// while a server holds DATA_DIR/db and, once it is stopped, archives its data directory; `pnpm restore`
// brings it into an empty DATA_DIR, where a server process reads the same message, note and evidence.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@miduelo/server/app';
import { leerConfig } from '@miduelo/server/config';
import { abrirDb, type DbHandle } from '@miduelo/server/db/client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asignarA, PNG, subir } from '../helpers/actividades';
import { crearPractica, type Practica } from '../helpers/agenda';
import { type AppDePrueba, SECRETO_PRUEBAS } from '../helpers/app';
import { detener, llamar, type Nodo } from '../helpers/nodos';
import { abrirPgliteMigrada } from '../helpers/plantilla-pglite';
import { iniciarServidor, script } from '../helpers/respaldo';

const NOTA = 'Escribió a su hermano Julián por primera vez desde el funeral.';
const MENSAJE = 'Esta semana volví al panteón de Dolores.';
const ARCHIVO = Buffer.concat([PNG, randomBytes(70_000)]);
const env = { ENCRYPTION_KEY: randomBytes(32).toString('base64'), JWT_SECRET: SECRETO_PRUEBAS };

describe('respaldo de la base embebida (PGlite)', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'miduelo-respaldo-pglite-'));
  const origen = path.join(tmp, 'origen');
  const archivo = path.join(tmp, 'miduelo.tar');
  let handle: DbHandle | undefined;
  let app: FastifyInstance | undefined;
  let p: Practica;
  let idChat: number;
  let idNota: number;
  let idEvidencia: number;
  let nodo: Nodo | undefined;

  beforeAll(async () => {
    // A migrated database in DATA_DIR/db, as a first start leaves it (from the tests' template).
    const plantilla = await abrirPgliteMigrada();
    const desde = await plantilla.pglite!.dumpDataDir('none');
    await plantilla.close();
    handle = await abrirDb({ databaseUrl: null, dataDir: origen, desde });
    const config = leerConfig(
      { DATA_DIR: origen, ENCRYPTION_KEY: env.ENCRYPTION_KEY, LOG_LEVEL: 'silent' },
      { jwtSecret: SECRETO_PRUEBAS, mfaObligatoria: 'ninguna', refrescoSesionesMs: 0 },
    );
    app = await buildApp({ config, db: handle.db, logger: false });
    await app.ready();
    const t = { app, db: handle.db } as AppDePrueba;
    p = await crearPractica(t, 1);
    const inj = (token: string, url: string, payload: object) =>
      app!.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } });
    idChat = (await inj(p.token, '/api/psicologo/chats', { id_paciente: p.pacientes[0].id_paciente })).json().id_chat;
    expect((await inj(p.tokensPacientes[0], '/api/paciente/mensajes', { id_chat: idChat, contenido: MENSAJE })).statusCode).toBe(201);
    idNota = (
      await inj(p.token, '/api/psicologo/notas', {
        id_paciente: p.pacientes[0].id_paciente,
        titulo: 'Sesión 2',
        contenido: NOTA,
        tipo: 'general',
      })
    ).json().id_nota;
    const [a] = await asignarA(t, p, { fecha_limite: null });
    const ev = await subir(t, p.tokensPacientes[0], `/api/paciente/actividades/${a.id_asignacion}/evidencias`, [
      { campo: 'visible_para_psicologo', valor: 'true' },
      { campo: 'archivo', archivo: ARCHIVO, nombre: 'foto.png', tipo: 'image/png' },
    ]);
    expect(ev.statusCode, ev.body).toBe(201);
    idEvidencia = ev.json().id_evidencia;
  }, 120_000);

  afterAll(async () => {
    await detener(nodo);
    await app?.close();
    await handle?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('con el servidor en marcha se niega y dice que lo detenga (o que use PostgreSQL); no deja archivo', async () => {
    const r = await script('backup', [archivo], { ...env, DATA_DIR: origen });
    expect(r.codigo).toBe(2);
    expect(r.errores).toContain('detenga el servidor antes de respaldar');
    expect(r.errores).toContain('PostgreSQL (DATABASE_URL)');
    expect(existsSync(archivo)).toBe(false);
    expect(readdirSync(origen).filter((n) => n.startsWith('.respaldo-'))).toEqual([]);
  });

  it('detenido, se respalda; restaurado en una carpeta nueva, un servidor lee lo mismo', async () => {
    await app!.close();
    await handle!.close();
    app = undefined;
    handle = undefined;
    const r = await script('backup', [archivo], { ...env, DATA_DIR: origen });
    expect(r.codigo, r.errores).toBe(0);
    console.log(r.salida);

    const destino = path.join(tmp, 'restaurada');
    const x = await script('restore', [archivo], { ...env, DATA_DIR: destino });
    expect(x.codigo, x.errores).toBe(0);
    nodo = await iniciarServidor({ ...env, DATA_DIR: destino });
    const mensajes = (await llamar(nodo.url, 'GET', `/api/psicologo/chats/${idChat}/mensajes`, p.token)).body as Array<{
      contenido: string;
    }>;
    expect(mensajes.map((m) => m.contenido)).toEqual([MENSAJE]);
    expect((await llamar(nodo.url, 'GET', `/api/psicologo/notas/${idNota}`, p.token)).body).toMatchObject({ contenido: NOTA });
    const ev = await fetch(`${nodo.url}/api/psicologo/evidencias/${idEvidencia}/archivo`, {
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(Buffer.from(await ev.arrayBuffer()).equals(ARCHIVO)).toBe(true);

    // Never over what is there; never a PGlite archive into PostgreSQL.
    const otra = await script('restore', [archivo], { ...env, DATA_DIR: destino });
    expect(otra.codigo).toBe(2);
    expect(otra.errores).toContain('no está vacía');
    const aPg = await script('restore', [archivo], {
      ...env,
      DATA_DIR: path.join(tmp, 'nueva'),
      DATABASE_URL: 'postgres://nadie@127.0.0.1:1/nada',
    });
    expect(aPg.codigo).toBe(2);
    expect(aPg.errores).toContain('restáurelo sin DATABASE_URL');
  }, 180_000);
});
