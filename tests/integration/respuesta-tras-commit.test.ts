// The answer of a write comes from its own transaction (decision 298): the database cut the moment
// the write commits must not turn saved work into a 503 the user would retry (writing it twice),
// nor leave a reminder marked as sent when no mail went out.
import { MSG_ACTIVIDADES } from '@miduelo/shared/actividades';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asignarA, llamar, primeraDeModulo, usarAppDeActividades } from '../helpers/actividades';
import { conBaseCaidaTrasCommit } from '../helpers/tras-commit';

const c = usarAppDeActividades({ porProxy: true });
const P = '/api/psicologo';
const A = '/api/paciente';
const psi = () => llamar(c.t, c.p.token);
const pac = () => llamar(c.t, c.p.tokensPacientes[0]);

async function filas<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  const r = await c.t.db.execute(q);
  return (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as T[];
}

const contar = async (tabla: string) => (await filas<{ n: number }>(sql.raw(`select count(*)::int as n from ${tabla}`)))[0].n;

/** The psychologist's view of one assignment, read after the database came back. */
async function vistaPsicologo(id: number) {
  const lista = (await psi().get(`${P}/paciente/${c.p.pacientes[0].id_paciente}/actividades`)).json() as Array<{ id_asignacion: number }>;
  return lista.find((a) => a.id_asignacion === id);
}

describe('psicólogo: la respuesta sale de la transacción', () => {
  it('crear y editar una plantilla: 201/200 con la plantilla guardada, una sola vez', async () => {
    const antes = await contar('actividad');
    const datos = { titulo: 'Carta a mi abuela', descripcion: 'Escribir una carta', tipo: 'Escritura terapéutica' };
    const r = await conBaseCaidaTrasCommit(c.t, () => psi().post(`${P}/actividades`, datos));
    expect(r.statusCode, r.body).toBe(201);
    const creada = r.json() as { id_actividad: number };
    expect(await contar('actividad')).toBe(antes + 1);
    expect(creada).toEqual((await psi().get(`${P}/actividades/${creada.id_actividad}`)).json());
    const e = await conBaseCaidaTrasCommit(c.t, () =>
      psi().put(`${P}/actividades/${creada.id_actividad}`, { ...datos, titulo: 'Otra carta' }),
    );
    expect(e.statusCode, e.body).toBe(200);
    expect(e.json()).toMatchObject({ id_actividad: creada.id_actividad, titulo: 'Otra carta' });
    expect(e.json()).toEqual((await psi().get(`${P}/actividades/${creada.id_actividad}`)).json());
  });

  it('asignar: 201 con las asignaciones guardadas, una sola vez', async () => {
    const id_actividad = await primeraDeModulo(c.t, c.p);
    const antes = await contar('actividad_asignada');
    const r = await conBaseCaidaTrasCommit(c.t, () =>
      psi().post(`${P}/actividades/asignar`, { id_actividad, pacientes: [c.p.pacientes[0].id_paciente], fecha_limite: '2027-03-10' }),
    );
    expect(r.statusCode, r.body).toBe(201);
    expect(await contar('actividad_asignada')).toBe(antes + 1);
    const cuerpo = r.json() as { asignadas: number; asignaciones: Array<{ id_asignacion: number }> };
    expect(cuerpo.asignadas).toBe(1);
    expect(cuerpo.asignaciones).toEqual([await vistaPsicologo(cuerpo.asignaciones[0].id_asignacion)]);
  });

  it('editar, cambiar y revisar una asignación: 200 con la asignación tal como quedó', async () => {
    const [a] = await asignarA(c.t, c.p);
    const u = `${P}/actividades/asignadas/${a.id_asignacion}`;
    const put = await conBaseCaidaTrasCommit(c.t, () => psi().put(u, { prioridad: 'alta' }));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ prioridad: 'alta' });
    expect(put.json()).toEqual(await vistaPsicologo(a.id_asignacion));
    const patch = await conBaseCaidaTrasCommit(c.t, () => psi().patch(u, { estado: 'finalizada' }));
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json()).toMatchObject({ estado: 'finalizada' });
    expect(patch.json()).toEqual(await vistaPsicologo(a.id_asignacion));
    const rev = await conBaseCaidaTrasCommit(c.t, () => psi().put(`${u}/revisar`, {}));
    expect(rev.statusCode, rev.body).toBe(200);
    expect(rev.json()).toEqual(await vistaPsicologo(a.id_asignacion));
  });

  it('recordatorio: el correo sale y responde 200; nada queda marcado sin correo', async () => {
    const [a] = await asignarA(c.t, c.p, { instrucciones_personalizadas: 'Con calma' });
    const desde = c.t.buzon.correos.length;
    const r = await conBaseCaidaTrasCommit(c.t, () => psi().post(`${P}/actividades/asignadas/${a.id_asignacion}/recordatorio`, {}));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ ok: true, msg: MSG_ACTIVIDADES.recordatorioEnviado });
    const correo = await c.t.buzon.esperar(c.p.pacientes[0].email, { desde });
    expect(correo.texto).toContain('Con calma');
  });
});

describe('paciente: la respuesta sale de la transacción', () => {
  it('iniciar una actividad de módulo: 201 con la asignación, una sola vez', async () => {
    const mods = (await pac().get(`${A}/modulos`)).json() as Array<{ actividades: Array<{ id_actividad: number }> }>;
    const antes = await contar('actividad_asignada');
    const r = await conBaseCaidaTrasCommit(c.t, () =>
      pac().post(`${A}/modulos/actividades/${mods[1].actividades[0].id_actividad}/iniciar`, {}),
    );
    expect(r.statusCode, r.body).toBe(201);
    expect(await contar('actividad_asignada')).toBe(antes + 1);
    const a = r.json() as { id_asignacion: number };
    expect(a).toMatchObject({ estado: 'en_proceso' });
    expect(a).toEqual((await pac().get(`${A}/actividades/${a.id_asignacion}`)).json());
  });

  it('finalizar y cambiar la visibilidad: 200 con la asignación tal como quedó', async () => {
    const [a] = await asignarA(c.t, c.p);
    const u = `${A}/actividades/${a.id_asignacion}`;
    const fin = await conBaseCaidaTrasCommit(c.t, () => pac().patch(u, { estado: 'finalizada' }));
    expect(fin.statusCode, fin.body).toBe(200);
    expect(fin.json()).toMatchObject({ estado: 'finalizada', fecha_completada: expect.any(String) });
    expect(fin.json()).toEqual((await pac().get(u)).json());
    const vis = await conBaseCaidaTrasCommit(c.t, () => pac().put(`${u}/visibilidad`, { visible_para_psicologo: true }));
    expect(vis.statusCode, vis.body).toBe(200);
    expect(vis.json()).toMatchObject({ visible_para_psicologo: true });
    expect(vis.json()).toEqual((await pac().get(u)).json());
  });
});

describe('otros módulos: la respuesta sale de la transacción', () => {
  it('abrir un chat con un paciente: 201 con su resumen, un solo chat', async () => {
    const antes = await contar('chat');
    const r = await conBaseCaidaTrasCommit(c.t, () => psi().post(`${P}/chats`, { id_paciente: c.p.pacientes[0].id_paciente }));
    expect(r.statusCode, r.body).toBe(201);
    expect(await contar('chat')).toBe(antes + 1);
    const resumen = r.json() as { id_chat: number };
    const lista = (await psi().get(`${P}/chats`)).json() as Array<{ id_chat: number }>;
    expect(resumen).toEqual(lista.find((x) => x.id_chat === resumen.id_chat));
  });

  it('crear un foro y abrir un tema: 201 con lo guardado, una sola vez', async () => {
    const foros = await contar('foro');
    const r = await conBaseCaidaTrasCommit(c.t, () => psi().post('/api/foros', { titulo: 'Duelo en la infancia', publico: true }));
    expect(r.statusCode, r.body).toBe(201);
    expect(await contar('foro')).toBe(foros + 1);
    const f = (r.json() as { data: { id_foro: number } }).data;
    expect(r.json()).toEqual((await psi().get(`/api/foros/${f.id_foro}`)).json());
    const temas = await contar('foro_tema');
    const t = await conBaseCaidaTrasCommit(c.t, () => psi().post(`/api/foros/${f.id_foro}/temas`, { titulo: 'Primer tema' }));
    expect(t.statusCode, t.body).toBe(201);
    expect(await contar('foro_tema')).toBe(temas + 1);
    expect((t.json() as { data: unknown }).data).toMatchObject({ titulo: 'Primer tema', crisis: false });
  });

  it('la pérdida de un paciente: 200 con el paciente tal como quedó', async () => {
    const id = c.p.pacientes[0].id_paciente;
    const r = await conBaseCaidaTrasCommit(c.t, () =>
      psi().put(`${P}/paciente/${id}/perdida`, { fecha_perdida: '2026-01-15', persona_perdida: 'Mi abuela' }),
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ fecha_perdida: '2026-01-15', persona_perdida: 'Mi abuela' });
    expect(r.json()).toEqual((await psi().get(`${P}/paciente/${id}`)).json());
  });

  it('la paciente cambia su teléfono: 200 con su perfil tal como quedó', async () => {
    const email = c.p.pacientes[0].email;
    const r = await conBaseCaidaTrasCommit(c.t, () => pac().put(`${A}/perfil`, { telefono: '5512345678', email }));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ correo_cambiado: false, perfil: { telefono: '5512345678', email } });
    expect((r.json() as { perfil: unknown }).perfil).toEqual((await pac().get(`${A}/perfil`)).json());
  });
});
