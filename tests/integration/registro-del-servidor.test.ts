import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { abrirChat, crearConsulta } from '../helpers/chat';
import { CONTRASENA, crearPsicologo } from '../helpers/fabricas';
import { conectar, esperarConexion } from '../helpers/socket';

let t: AppDePrueba;
let log = '';
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, cb) {
      log += chunk.toString();
      cb();
    },
  });
  t = await crearAppDePrueba({ log: stream, env: { LOG_LEVEL: 'info' } });
});
afterAll(() => t.cerrar());

describe('el registro del servidor', () => {
  it('no contiene contraseñas, tokens de sesión ni enlaces de un solo uso', async () => {
    const p = await crearPsicologo(t.db);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/psicologo/iniciar-sesion',
      payload: { correo: p.correo, contrasena: CONTRASENA },
    });
    const token = login.json().token as string;
    await inyectarCon(t.app, token, { method: 'POST', url: '/api/psicologo/cerrar-sesion' });
    const desde = t.buzon.correos.length;
    await t.app.inject({ method: 'POST', url: '/api/psicologo/recuperar-contrasena', payload: { correoOTelefono: p.correo } });
    const reset = t.buzon
      .enlace(await t.buzon.esperar(p.correo, { desde }))
      .split('/')
      .pop() as string;
    await t.app.inject({ method: 'GET', url: `/api/psicologo/verificar-token/${reset}` });
    await t.app.inject({
      method: 'POST',
      url: `/api/psicologo/restablecer-contrasena/${reset}`,
      payload: { nuevaContrasena: 'Nueva#Clave77' },
    });

    expect(log).toContain('/api/psicologo/iniciar-sesion');
    expect(log).toContain('/api/psicologo/verificar-token/[oculto]');
    for (const secreto of [CONTRASENA, 'Nueva#Clave77', token, token.split('.')[2], reset]) expect(log).not.toContain(secreto);
  });

  it('una línea por petición a nivel info (no las dos de Fastify), con método, ruta y estado', async () => {
    const antes = log.length;
    const r = await t.app.inject({ method: 'GET', url: '/api/psicologo/lista-pacientes' });
    expect(r.statusCode).toBe(401);
    const lineas = log
      .slice(antes)
      .split('\n')
      .filter((l) => l.includes('/api/psicologo/lista-pacientes'));
    expect(lineas).toHaveLength(1);
    expect(JSON.parse(lineas[0])).toMatchObject({ msg: 'GET /api/psicologo/lista-pacientes 401', estado: 401 });
  });

  it('un fallo de la base al registrar no deja en el registro el hash de la contraseña ni los datos de la persona', async () => {
    // The database refuses the insert (as a full disk or a broken constraint would).
    await t.db.execute(
      sql`create function rechazar_alta() returns trigger language plpgsql as $$ begin raise exception 'alta rechazada'; end $$`,
    );
    await t.db.execute(sql`create trigger rechazar_alta before insert on psicologo for each row execute function rechazar_alta()`);
    try {
      const antes = log.length;
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/psicologo/registro',
        payload: {
          nombre: 'Rosaura',
          apellidoPaterno: 'Quintanilla',
          fecha_nacimiento: '1980-03-04',
          especialidad: 'Tanatología',
          cedula: '8765432',
          telefono: '5598765432',
          correo: 'rosaura@ejemplo.mx',
          contrasena: CONTRASENA,
          aceptaTerminos: true,
        },
      });
      expect(r.statusCode).toBe(500);
      expect(r.json().msg).toBe('Existe un error en el servidor');
      const nuevo = log.slice(antes);
      expect(nuevo).toContain('alta rechazada');
      for (const dato of ['$argon2id', 'Rosaura', 'Quintanilla', '5598765432', 'rosaura@ejemplo.mx', '8765432'])
        expect(nuevo).not.toContain(dato);
    } finally {
      await t.db.execute(sql`drop trigger rechazar_alta on psicologo`);
    }
  });

  it('no contiene el texto de los mensajes ni los términos de búsqueda del chat, tampoco cuando un envío falla', async () => {
    const c = await crearConsulta(t, 1);
    const id = await abrirChat(c);
    const antes = log.length;
    const texto = 'Sueño con Fermín todas las noches';
    expect((await c.psi.post('/api/psicologo/mensajes', { id_chat: id, contenido: texto })).status).toBe(201);
    const busqueda = await c.psi.get(`/api/psicologo/chats/buscar?q=${encodeURIComponent('Fermín')}&otro=Zoraida`);
    expect(busqueda.body.map((x: { id_chat: number }) => x.id_chat)).toEqual([id]);
    expect((await c.psi.get(`/api/psicologo/chats/${id}/mensajes?limite=5`)).status).toBe(200);

    // A send the database refuses, through the socket (its failure is logged).
    await t.db.execute(
      sql`create function rechazar_mensaje() returns trigger language plpgsql as $$ begin raise exception 'mensaje rechazado'; end $$`,
    );
    await t.db.execute(sql`create trigger rechazar_mensaje before insert on mensaje for each row execute function rechazar_mensaje()`);
    const url = t.url || (await t.escuchar());
    const s = conectar(url, c.psi.token);
    try {
      await esperarConexion(s);
      const fallido = 'Anoche volví a soñar con Fermín';
      const ack = await s.emitWithAck('chat:enviar', { id_chat: id, contenido: fallido, id_cliente: null });
      expect(ack).toMatchObject({ ok: false });
      const nuevo = log.slice(antes);
      expect(nuevo).toContain('chat: no se pudo enviar por socket');
      expect(nuevo).toContain('mensaje rechazado');
      expect(nuevo).toContain('/api/psicologo/chats/buscar?[oculto]');
      for (const dato of [texto, fallido, 'Fermín', 'Ferm', 'Zoraida', 'e1.k1.', 'limite=5']) expect(nuevo).not.toContain(dato);
    } finally {
      s.disconnect();
      await t.db.execute(sql`drop trigger rechazar_mensaje on mensaje`);
    }
  });
});

describe('el registro del servidor a nivel debug', () => {
  let d: AppDePrueba;
  let registro = '';
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, cb) {
        registro += chunk.toString();
        cb();
      },
    });
    d = await crearAppDePrueba({ log: stream, env: { LOG_LEVEL: 'debug' } });
  });
  afterAll(() => d.cerrar());

  it('la página del enlace de activación (/activar-cuenta/…) no deja el token en el registro', async () => {
    const desde = d.buzon.correos.length;
    const alta = await d.app.inject({
      method: 'POST',
      url: '/api/psicologo/registro',
      payload: {
        nombre: 'Leonor',
        apellidoPaterno: 'Ibarra',
        fecha_nacimiento: '1984-06-02',
        especialidad: 'Tanatología',
        cedula: '7612345',
        telefono: '5512345670',
        correo: 'leonor@ejemplo.mx',
        contrasena: CONTRASENA,
        aceptaTerminos: true,
      },
    });
    expect(alta.statusCode).toBe(201);
    const enlace = new URL(d.buzon.enlace(await d.buzon.esperar('leonor@ejemplo.mx', { desde })));
    expect(enlace.pathname).toMatch(/^\/activar-cuenta\/[^/]+$/);
    const token = enlace.pathname.split('/').pop() as string;
    const antes = registro.length;
    // What the browser does with the mail's link: the page, then the API call it makes.
    await d.app.inject({ method: 'GET', url: enlace.pathname });
    const act = await d.app.inject({ method: 'GET', url: `/api/psicologo/activar/${token}` });
    expect(act.statusCode).toBe(200);
    const nuevo = registro.slice(antes);
    expect(nuevo).toContain('GET /activar-cuenta/[oculto]');
    expect(nuevo).toContain('GET /api/psicologo/activar/[oculto] 200');
    expect(nuevo).not.toContain(token);
  });
});
