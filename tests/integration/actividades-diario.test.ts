// The emotion diary (issue 14, decision 126): the patient records how the day felt and may share an
// entry; the psychologist sees only shared entries of their own patients (audited), live; unshared
// entries never leave the patient's side.
import { MSG_DIARIO } from '@miduelo/shared/actividades-diario';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { llamar, usarAppDeActividades } from '../helpers/actividades';
import { crearPractica } from '../helpers/agenda';
import { conAvisoCaido } from '../helpers/aviso';
import { conectar, esperarConexion, esperarEvento, sincronizar } from '../helpers/socket';
import { huellaTablas } from '../helpers/sondeo';

const c = usarAppDeActividades({ escuchar: true });
const pac = () => llamar(c.t, c.p.tokensPacientes[0]);
const psi = () => llamar(c.t, c.p.token);
const diarioPsi = (mes = '2027-03') => psi().get(`/api/psicologo/pacientes/${c.p.pacientes[0].id_paciente}/diario?mes=${mes}`);

describe('diario de emociones', () => {
  it('el paciente registra (hoy de la clínica por defecto); solo lo compartido llega al psicólogo', async () => {
    const privada = await pac().post('/api/paciente/diario', { emocion: 'Tristeza', intensidad: 8, nota: 'Hoy fue su cumpleaños' });
    expect(privada.statusCode, privada.body).toBe(201);
    expect(privada.json()).toMatchObject({ fecha: '2027-03-01', compartida: false, nota: 'Hoy fue su cumpleaños' });
    const compartida = await pac().post('/api/paciente/diario', { emocion: 'Calma', intensidad: 4, compartida: true, fecha: '2027-02-28' });
    expect(compartida.statusCode).toBe(201);
    expect((await pac().get('/api/paciente/diario')).json()).toHaveLength(2);
    expect((await diarioPsi()).json()).toEqual([]);
    const feb = (await diarioPsi('2027-02')).json() as Array<{ emocion: string }>;
    expect(feb.map((e) => e.emocion)).toEqual(['Calma']);
    expect((await diarioPsi('2027-02')).body).not.toContain('cumpleaños');
    // Notes are encrypted at rest; reading is audited.
    const r = await c.t.db.execute(sql`select nota from diario_emocion where nota is not null`);
    const filas = (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Array<{ nota: string }>;
    expect(filas.every((f) => !f.nota.includes('cumpleaños'))).toBe(true);
    const a = await c.t.db.execute(sql`select count(*)::int as n from auditoria where recurso = 'diario' and accion = 'leer'`);
    expect(((Array.isArray(a) ? a : (a as { rows: unknown[] }).rows)[0] as { n: number }).n).toBeGreaterThan(0);
  });

  it.each([
    [{ emocion: 'Euforia', intensidad: 5 }, MSG_DIARIO.emocionInvalida],
    [{ emocion: 'Calma', intensidad: 11 }, MSG_DIARIO.intensidadInvalida],
    [{ emocion: 'Calma', intensidad: 2.5 }, MSG_DIARIO.intensidadInvalida],
    [{ emocion: 'Calma' }, MSG_DIARIO.intensidadInvalida],
    [{ emocion: 'Calma', intensidad: 3, fecha: '2027-03-02' }, MSG_DIARIO.fechaFutura],
    [{ emocion: 'Calma', intensidad: 3, nota: 'x'.repeat(1001) }, MSG_DIARIO.notaMax],
  ])('%j → 400 «%s»', async (cuerpo, msg) => {
    const r = await pac().post('/api/paciente/diario', cuerpo);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ msg, mensaje: msg });
  });

  it('la nota cuenta caracteres como el contador de la app (un emoji es uno): 1000 caben, 1001 no', async () => {
    // The app's counter (formulario-diario) counts code points; this emoji is 2 UTF-16 units.
    const nota = `${'🕯'.repeat(600)}${'a'.repeat(400)}`;
    expect([...nota].length).toBe(1000);
    const r = await pac().post('/api/paciente/diario', { emocion: 'Nostalgia', intensidad: 6, nota });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ nota });
    const larga = await pac().post('/api/paciente/diario', { emocion: 'Nostalgia', intensidad: 6, nota: `${nota}🕯` });
    expect(larga.statusCode).toBe(400);
    expect(larga.json()).toMatchObject({ msg: MSG_DIARIO.notaMax });
  });

  it('compartir y dejar de compartir llega en vivo; el contenido retirado no viaja', async () => {
    const ss = conectar(c.t.url, c.p.token);
    await esperarConexion(ss);
    try {
      const e = (await pac().post('/api/paciente/diario', { emocion: 'Nostalgia', intensidad: 7, nota: 'Vi su foto' })).json() as {
        id_entrada: number;
      };
      const llega = esperarEvento<{ tipo: string; entrada: { nota: string } }>(ss, 'diario:cambio');
      await pac().put(`/api/paciente/diario/${e.id_entrada}/compartir`, { compartida: true });
      expect(await llega).toMatchObject({ tipo: 'guardada', entrada: { nota: 'Vi su foto' } });
      expect(((await diarioPsi()).json() as unknown[]).length).toBe(1);
      const se_va = esperarEvento<Record<string, unknown>>(ss, 'diario:cambio');
      await pac().put(`/api/paciente/diario/${e.id_entrada}/compartir`, { compartida: false });
      const ev = await se_va;
      expect(ev).toEqual({ tipo: 'retirada', id_entrada: e.id_entrada, id_paciente: c.p.pacientes[0].id_paciente });
      expect((await diarioPsi()).json()).toEqual([]);
    } finally {
      ss.close();
    }
  });

  it('otro paciente no comparte ni borra lo ajeno; otro psicólogo no lee (404)', async () => {
    const e = (await pac().post('/api/paciente/diario', { emocion: 'Gratitud', intensidad: 5, compartida: true })).json() as {
      id_entrada: number;
    };
    const otro = llamar(c.t, c.p.tokensPacientes[1]);
    expect((await otro.put(`/api/paciente/diario/${e.id_entrada}/compartir`, { compartida: false })).statusCode).toBe(404);
    expect((await otro.del(`/api/paciente/diario/${e.id_entrada}`)).statusCode).toBe(404);
    const ajeno = llamar(c.t, (await crearPractica(c.t, 1)).token);
    expect((await ajeno.get(`/api/psicologo/pacientes/${c.p.pacientes[0].id_paciente}/diario`)).statusCode).toBe(404);
    expect((await pac().del(`/api/paciente/diario/${e.id_entrada}`)).statusCode).toBe(200);
    expect((await diarioPsi()).json()).toEqual([]);
  });
});

describe('reintento de una entrada con id_cliente (decisión 313)', () => {
  const filasDiario = async () => {
    const r = await c.t.db.execute(sql`select count(*)::int as n from diario_emocion`);
    return ((Array.isArray(r) ? r : (r as { rows: unknown[] }).rows)[0] as { n: number }).n;
  };
  const cuerpo = (id_cliente: unknown) => ({ emocion: 'Nostalgia', intensidad: 6, nota: 'Vi su foto', compartida: true, id_cliente });

  it('el mismo id dos veces: una entrada; el reintento responde 200 con la guardada y no escribe, audita ni avisa otra vez', async () => {
    const ss = conectar(c.t.url, c.p.token);
    const sp = conectar(c.t.url, c.p.tokensPacientes[0]);
    await Promise.all([esperarConexion(ss), esperarConexion(sp)]);
    try {
      const id = `diario-${c.p.pacientes[0].id_paciente}-aaaa`;
      const antes = await filasDiario();
      const llega = esperarEvento(ss, 'diario:cambio');
      const r1 = await pac().post('/api/paciente/diario', cuerpo(id));
      expect(r1.statusCode, r1.body).toBe(201);
      await llega;
      expect(r1.json()).not.toHaveProperty('id_cliente');
      let avisos = 0;
      (ss as unknown as { on(e: string, f: () => void): void }).on('diario:cambio', () => avisos++);
      const huella = await huellaTablas(c.t);
      const r2 = await pac().post('/api/paciente/diario', cuerpo(id));
      expect(r2.statusCode, r2.body).toBe(200);
      expect(r2.json()).toEqual(r1.json());
      expect(await huellaTablas(c.t)).toEqual(huella);
      expect(await filasDiario()).toBe(antes + 1);
      await sincronizar(sp, ss);
      expect(avisos).toBe(0);
    } finally {
      ss.close();
      sp.close();
    }
  });

  it('dos peticiones simultáneas con el mismo id: una entrada, una 201 y otra 200 con el mismo id_entrada', async () => {
    const id = `diario-conc-${c.p.pacientes[0].id_paciente}`;
    const antes = await filasDiario();
    const [r1, r2] = await Promise.all([pac().post('/api/paciente/diario', cuerpo(id)), pac().post('/api/paciente/diario', cuerpo(id))]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 201]);
    expect(r1.json()).toEqual(r2.json());
    expect(await filasDiario()).toBe(antes + 1);
  });

  it('sin id_cliente (o null) cada envío es una entrada, como antes', async () => {
    const antes = await filasDiario();
    expect((await pac().post('/api/paciente/diario', { emocion: 'Calma', intensidad: 3 })).statusCode).toBe(201);
    expect((await pac().post('/api/paciente/diario', cuerpo(null))).statusCode).toBe(201);
    expect((await pac().post('/api/paciente/diario', cuerpo(null))).statusCode).toBe(201);
    expect(await filasDiario()).toBe(antes + 3);
  });

  it.each([['x'], ['a'.repeat(65)], [12345678], ['ñandú-123456']])('id_cliente %j → 400 y nada guardado', async (id) => {
    const antes = await huellaTablas(c.t);
    const r = await pac().post('/api/paciente/diario', cuerpo(id));
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ msg: MSG_DIARIO.idClienteInvalido, mensaje: MSG_DIARIO.idClienteInvalido });
    expect(await huellaTablas(c.t)).toEqual(antes);
  });

  // Stripe's rule: the same id with other content is not a retry. The first answer was lost and the
  // patient changed the form: answering the first entry would lose what she wrote without a word.
  it.each([
    ['otra fecha', { fecha: '2027-02-27' }],
    ['otra emoción', { emocion: 'Tristeza' }],
    ['otra intensidad', { intensidad: 9 }],
    ['otra nota', { nota: 'Vi su foto y lloré' }],
    ['sin nota', { nota: null }],
    ['la nota vacía', { nota: '   ' }],
    ['sin compartir', { compartida: false }],
  ])('el mismo id con %s: 409 ID_CLIENTE_DISTINTO y nada escrito', async (nombre, cambio) => {
    const id = `diario-dist-${c.p.pacientes[0].id_paciente}-${nombre.replace(/[^a-z]/g, '')}`;
    const r1 = await pac().post('/api/paciente/diario', cuerpo(id));
    expect(r1.statusCode, r1.body).toBe(201);
    const huella = await huellaTablas(c.t);
    const r = await pac().post('/api/paciente/diario', { ...cuerpo(id), ...cambio });
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json()).toMatchObject({
      code: 'ID_CLIENTE_DISTINTO',
      msg: MSG_DIARIO.idClienteDistinto,
      mensaje: MSG_DIARIO.idClienteDistinto,
    });
    expect(r.body).not.toContain('Vi su foto');
    expect(await huellaTablas(c.t)).toEqual(huella);
    // The same content is still a retry: the note as stored (trimmed), the date given or not.
    for (const igual of [cuerpo(id), { ...cuerpo(id), nota: '  Vi su foto \n' }, { ...cuerpo(id), fecha: '2027-03-01' }]) {
      const r2 = await pac().post('/api/paciente/diario', igual);
      expect(r2.statusCode, r2.body).toBe(200);
      expect(r2.json()).toEqual(r1.json());
    }
    expect(await huellaTablas(c.t)).toEqual(huella);
  });

  it('dos peticiones simultáneas con el mismo id y distinto texto: una entrada, una 201 y una 409', async () => {
    const id = `diario-conc-dist-${c.p.pacientes[0].id_paciente}`;
    const antes = await filasDiario();
    const [r1, r2] = await Promise.all([
      pac().post('/api/paciente/diario', cuerpo(id)),
      pac().post('/api/paciente/diario', { ...cuerpo(id), nota: 'Otra cosa' }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 409]);
    expect(await filasDiario()).toBe(antes + 1);
  });

  it('otro paciente con el mismo id guarda la suya y no ve la ajena', async () => {
    const id = `diario-compartido-${c.p.pacientes[0].id_paciente}`;
    const mia = await pac().post('/api/paciente/diario', cuerpo(id));
    expect(mia.statusCode).toBe(201);
    const otra = await llamar(c.t, c.p.tokensPacientes[1]).post('/api/paciente/diario', {
      emocion: 'Calma',
      intensidad: 2,
      id_cliente: id,
    });
    expect(otra.statusCode, otra.body).toBe(201);
    expect(otra.json()).toMatchObject({ id_paciente: c.p.pacientes[1].id_paciente, emocion: 'Calma', nota: null });
    expect(otra.body).not.toContain('Vi su foto');
    expect((otra.json() as { id_entrada: number }).id_entrada).not.toBe((mia.json() as { id_entrada: number }).id_entrada);
  });
});

describe('el aviso que falla tras el commit no cambia la respuesta (decisión 288)', () => {
  const entradas = async () => {
    const r = await c.t.db.execute(
      sql`select id_entrada, compartida from diario_emocion where id_paciente = ${c.p.pacientes[0].id_paciente} order by id_entrada`,
    );
    return (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Array<{ id_entrada: number; compartida: boolean }>;
  };

  it('registrar una entrada compartida: 201 y una sola entrada', async () => {
    const r = await conAvisoCaido(c.t, () => pac().post('/api/paciente/diario', { emocion: 'Calma', intensidad: 3, compartida: true }));
    expect(r.statusCode, r.body).toBe(201);
    const guardadas = await entradas();
    expect(guardadas).toEqual([{ id_entrada: (r.json() as { id_entrada: number }).id_entrada, compartida: true }]);
  });

  it('compartir, dejar de compartir y borrar: 200 con el cambio guardado', async () => {
    const e = (await pac().post('/api/paciente/diario', { emocion: 'Nostalgia', intensidad: 6 })).json() as { id_entrada: number };
    const compartir = await conAvisoCaido(c.t, () => pac().put(`/api/paciente/diario/${e.id_entrada}/compartir`, { compartida: true }));
    expect(compartir.statusCode, compartir.body).toBe(200);
    expect(await entradas()).toEqual([{ id_entrada: e.id_entrada, compartida: true }]);
    const retirar = await conAvisoCaido(c.t, () => pac().put(`/api/paciente/diario/${e.id_entrada}/compartir`, { compartida: false }));
    expect(retirar.statusCode, retirar.body).toBe(200);
    expect(await entradas()).toEqual([{ id_entrada: e.id_entrada, compartida: false }]);
    await pac().put(`/api/paciente/diario/${e.id_entrada}/compartir`, { compartida: true });
    const borrar = await conAvisoCaido(c.t, () => pac().del(`/api/paciente/diario/${e.id_entrada}`));
    expect(borrar.statusCode, borrar.body).toBe(200);
    expect(borrar.json()).toMatchObject({ msg: MSG_DIARIO.eliminada });
    expect(await entradas()).toEqual([]);
  });
});
