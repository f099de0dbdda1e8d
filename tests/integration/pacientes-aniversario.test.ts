// Anniversary awareness (issue 14, decisions 128–129): the loss on the patient file, the marks on the
// patient list and the agenda, and the psychologist's mail a week before each anniversary.
import { buildApp } from '@miduelo/server/app';
import { auditoria } from '@miduelo/server/db/schema/auditoria';
import { avisoAniversario } from '@miduelo/server/db/schema/aniversario';
import { paciente } from '@miduelo/server/db/schema/cuentas';
import { enviarAvisosAniversario } from '@miduelo/server/modules/pacientes/jobs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crearPractica, json, psicologoApi, refirmar, usarAppDeAgenda } from '../helpers/agenda';

// Monday 1 March 2027, 09:00 in the clinic's zone (the hooks set the clock there before each test).
const ag = usarAppDeAgenda({ pacientes: 3 });
const url = (id: number) => `/api/psicologo/paciente/${id}/perdida`;
const fila = async (id: number) => (await ag.t.db.select().from(paciente).where(eq(paciente.id_paciente, id)))[0];

describe('PUT /api/psicologo/paciente/:id/perdida', () => {
  it('guarda fecha y persona, las devuelve en el expediente, cifra a quién perdió y audita sin el texto', async () => {
    const [a] = ag.p.pacientes;
    const r = await ag.api.put(url(a.id_paciente), { fecha_perdida: '2024-03-05', persona_perdida: '  Su madre, Elena  ' });
    expect(r.statusCode).toBe(200);
    expect(json(r)).toMatchObject({ id_paciente: a.id_paciente, fecha_perdida: '2024-03-05', persona_perdida: 'Su madre, Elena' });

    const g = json(await ag.api.get(`/api/psicologo/paciente/${a.id_paciente}`));
    expect(g).toMatchObject({ fecha_perdida: '2024-03-05', persona_perdida: 'Su madre, Elena', aniversario: 'aniversario' });

    const guardada = await fila(a.id_paciente);
    // Encrypted too (decision 336).
    expect(guardada.fecha_perdida).toMatch(/^e1\./);
    expect(guardada.fecha_perdida).not.toContain('2024');
    expect(guardada.persona_perdida).toMatch(/^e1\./);
    expect(guardada.persona_perdida).not.toContain('Elena');

    const [aud] = await ag.t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'actualizar_perdida'), eq(auditoria.id_paciente, a.id_paciente)));
    expect(aud).toMatchObject({ actor_tipo: 'psicologo', actor_id: ag.p.psicologo.id_psicologo, recurso: 'paciente' });
    expect(JSON.stringify(aud.detalle)).not.toContain('Elena');
  });

  it('a quién perdió guardado en claro (antes del cifrado) se cifra al arrancar y la API lo sigue devolviendo', async () => {
    const [a] = ag.p.pacientes;
    await ag.t.db
      .update(paciente)
      .set({ fecha_perdida: '2023-06-01', persona_perdida: 'Su hijo Mateo' })
      .where(eq(paciente.id_paciente, a.id_paciente));
    const otra = await buildApp({ config: ag.t.config, db: ag.t.db, logger: false });
    try {
      await otra.ready();
    } finally {
      await otra.close();
    }
    const guardada = await fila(a.id_paciente);
    expect(guardada.persona_perdida).toMatch(/^e1\./);
    expect(guardada.persona_perdida).not.toContain('Mateo');
    expect(json(await ag.api.get(`/api/psicologo/paciente/${a.id_paciente}`)).persona_perdida).toBe('Su hijo Mateo');
  });

  it('null borra cada dato; una persona en blanco se guarda como null', async () => {
    const [a] = ag.p.pacientes;
    await ag.api.put(url(a.id_paciente), { fecha_perdida: '2024-03-05', persona_perdida: 'Su hermano' });
    const r = await ag.api.put(url(a.id_paciente), { fecha_perdida: null, persona_perdida: '   ' });
    expect(r.statusCode).toBe(200);
    expect(json(r)).toMatchObject({ fecha_perdida: null, persona_perdida: null, aniversario: null });
    expect(await fila(a.id_paciente)).toMatchObject({ fecha_perdida: null, persona_perdida: null });
  });

  it('rechaza con mensajes en español y no cambia nada', async () => {
    const [a] = ag.p.pacientes;
    await ag.api.put(url(a.id_paciente), { fecha_perdida: '2024-03-05', persona_perdida: 'Su padre' });
    const antes = await fila(a.id_paciente);
    const casos: [object, string][] = [
      [{ fecha_perdida: '2027-03-02', persona_perdida: null }, 'La fecha de la pérdida no puede ser futura'],
      [{ fecha_perdida: '2026-02-30', persona_perdida: null }, 'La fecha de la pérdida no es válida'],
      [{ fecha_perdida: '05/03/2024', persona_perdida: null }, 'La fecha de la pérdida no es válida'],
      [{ fecha_perdida: null, persona_perdida: 'x'.repeat(101) }, 'Quién se perdió no puede exceder 100 caracteres'],
    ];
    for (const [cuerpo, msg] of casos) {
      const r = await ag.api.put(url(a.id_paciente), cuerpo);
      expect(r.statusCode, JSON.stringify(cuerpo)).toBe(400);
      expect(json(r).msg).toBe(msg);
    }
    const sinClaves = await ag.api.put(url(a.id_paciente), { fecha_perdida: '2024-03-05' });
    expect(sinClaves.statusCode).toBe(400);
    expect(json(sinClaves).msg).toBe('Faltan datos: fecha_perdida y persona_perdida (pueden ser null)');
    expect(await fila(a.id_paciente)).toEqual(antes);
  });

  it('"hoy" es el de la zona de la clínica: a las 23:30 del 1 de marzo el 2 de marzo aún es futuro', async () => {
    const [a] = ag.p.pacientes;
    ag.t.reloj.fijar('2027-03-01T23:30:00-06:00');
    refirmar(ag.t, ag.p);
    expect((await ag.api.put(url(a.id_paciente), { fecha_perdida: '2027-03-02', persona_perdida: null })).statusCode).toBe(400);
    expect((await ag.api.put(url(a.id_paciente), { fecha_perdida: '2027-03-01', persona_perdida: null })).statusCode).toBe(200);
  });

  it('el paciente de otro psicólogo responde 404 y no cambia', async () => {
    const otra = await crearPractica(ag.t, 1);
    const ajeno = otra.pacientes[0];
    const r = await ag.api.put(url(ajeno.id_paciente), { fecha_perdida: '2024-03-05', persona_perdida: 'Su madre' });
    expect(r.statusCode).toBe(404);
    expect(json(r).msg).toBe('Paciente no encontrado');
    expect(await fila(ajeno.id_paciente)).toMatchObject({ fecha_perdida: null, persona_perdida: null });
    expect((await psicologoApi(ag.t, otra).get(`/api/psicologo/paciente/${ajeno.id_paciente}`)).json()).toMatchObject({
      fecha_perdida: null,
    });
  });
});

describe('marcas de aniversario', () => {
  it('la lista marca el aniversario de esta semana o los próximos 7 días, y a todos en la semana de Día de Muertos', async () => {
    const [a, b, c] = ag.p.pacientes;
    await ag.api.put(url(a.id_paciente), { fecha_perdida: '2020-03-08', persona_perdida: null });
    await ag.api.put(url(b.id_paciente), { fecha_perdida: '2020-03-20', persona_perdida: 'Su esposo' });
    const marcas = async () =>
      Object.fromEntries(
        json<{ id_paciente: number; aniversario: string | null }[]>(await ag.api.get('/api/psicologo/lista-pacientes')).map((x) => [
          x.id_paciente,
          x.aniversario,
        ]),
      );
    expect(await marcas()).toEqual({ [a.id_paciente]: 'aniversario', [b.id_paciente]: null, [c.id_paciente]: null });

    // Saturday 30 October: Día de Muertos (1–2 November) falls in the window; c has no loss recorded.
    ag.t.reloj.fijar('2027-10-30T10:00:00-06:00');
    refirmar(ag.t, ag.p);
    expect(await marcas()).toEqual({ [a.id_paciente]: 'dia_de_muertos', [b.id_paciente]: 'dia_de_muertos', [c.id_paciente]: null });
  });

  it('la agenda marca las citas de la semana en que cae el aniversario del paciente', async () => {
    const [a, b] = ag.p.pacientes;
    await ag.api.put(url(a.id_paciente), { fecha_perdida: '2020-03-07', persona_perdida: 'Su padre' });
    await ag.api.put(url(b.id_paciente), { fecha_perdida: '2020-03-20', persona_perdida: null });
    const ca = json<{ id_agenda: number; aniversario: boolean }>(
      await ag.api.crearCita({ fecha: '2027-03-03', hora_inicio: '10:00', id_paciente: a.id_paciente }),
    );
    expect(ca.aniversario).toBe(true);
    await ag.api.crearCita({ fecha: '2027-03-03', hora_inicio: '11:00', id_paciente: b.id_paciente });
    const semana = json<{ id_paciente: number; aniversario: boolean; fecha_perdida?: unknown }[]>(await ag.api.citasDeAgenda(ca.id_agenda));
    expect(semana.map((x) => [x.id_paciente, x.aniversario])).toEqual([
      [a.id_paciente, true],
      [b.id_paciente, false],
    ]);
    expect(semana[0]).not.toHaveProperty('fecha_perdida');
    // The next week: a's anniversary is behind, b's is not yet in it.
    const siguiente = json<{ aniversario: boolean }>(
      await ag.api.crearCita({ fecha: '2027-03-09', hora_inicio: '10:00', id_paciente: a.id_paciente }),
    );
    expect(siguiente.aniversario).toBe(false);
  });
});

describe('correo al psicólogo una semana antes del aniversario', () => {
  const ctx = () => ({ db: ag.t.db, config: ag.t.config, mailer: ag.t.app.mailer, log: ag.t.app.log, cifrador: ag.t.app.ctx.cifrador });
  const tick = (instante: string) => enviarAvisosAniversario(ctx(), new Date(instante));
  const correosPsicologo = () => ag.t.buzon.correos.filter((c) => c.para === ag.p.psicologo.correo.toLowerCase());

  it('sale una sola vez por paciente y año, aunque varios procesos lo intenten a la vez', async () => {
    const [a, b] = ag.p.pacientes;
    await ag.api.put(url(a.id_paciente), { fecha_perdida: '2024-03-12', persona_perdida: 'Su madre, Remedios' });
    await ag.api.put(url(b.id_paciente), { fecha_perdida: '2024-03-25', persona_perdida: null });

    // (The database is shared by this file's tests: other practices' patients may be mailed too, so
    // the counts are those of this psychologist's mailbox.)
    await tick('2027-03-04T09:00:00-06:00');
    expect(correosPsicologo()).toHaveLength(0);
    await Promise.all(Array.from({ length: 4 }, () => tick('2027-03-05T00:05:00-06:00')));
    expect(correosPsicologo()).toHaveLength(1);
    const todos = ag.t.buzon.correos.map((c) => `${c.para} ${c.asunto}`);
    expect(new Set(todos).size).toBe(todos.length);
    const correo = await ag.t.buzon.esperar(ag.p.psicologo.correo);
    expect(correo.asunto).toBe(`Aniversario cercano: ${a.nombre} ${a.apellido_paterno} ${a.apellido_materno} (12/03/2027)`);
    expect(correo.texto).toContain('El 12/03/2027 se cumple 3 años de la pérdida');
    expect(correo.texto).not.toContain('Remedios');
    // Later ticks of the same week, and of the anniversary itself, send nothing more.
    await tick('2027-03-06T09:00:00-06:00');
    await tick('2027-03-11T09:00:00-06:00');
    expect(correosPsicologo()).toHaveLength(1);
    const [aviso] = await ag.t.db.select().from(avisoAniversario).where(eq(avisoAniversario.id_paciente, a.id_paciente));
    expect(aviso).toMatchObject({ anio: 2027, fecha_aniversario: '2027-03-12' });
    expect(aviso.enviadoEn).not.toBeNull();
    // The next year, again once.
    await tick('2028-03-05T09:00:00-06:00');
    expect(correosPsicologo().map((c) => c.asunto)).toEqual([
      `Aniversario cercano: ${a.nombre} ${a.apellido_paterno} ${a.apellido_materno} (12/03/2027)`,
      `Aniversario cercano: ${a.nombre} ${a.apellido_paterno} ${a.apellido_materno} (12/03/2028)`,
    ]);
  });

  it('un 29 de febrero se avisa para el 28 en años no bisiestos; un reclamo abandonado se retoma', async () => {
    const [a] = ag.p.pacientes;
    await ag.api.put(url(a.id_paciente), { fecha_perdida: '2024-02-29', persona_perdida: null });
    // A process claimed it at 08:00 and died before sending.
    await ag.t.db.insert(avisoAniversario).values({
      id_paciente: a.id_paciente,
      anio: 2027,
      fecha_aniversario: '2027-02-28',
      reclamadoEn: new Date('2027-02-21T08:00:00-06:00'),
    });
    await tick('2027-02-21T08:05:00-06:00');
    expect(correosPsicologo()).toHaveLength(0);
    await tick('2027-02-21T08:20:00-06:00');
    expect(correosPsicologo()).toHaveLength(1);
    const correo = await ag.t.buzon.esperar(ag.p.psicologo.correo);
    expect(correo.asunto).toContain('(28/02/2027)');
    expect(correo.texto).toContain('se cumple 3 años');
  });
});
