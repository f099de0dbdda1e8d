// The psychologist's activity API (spec 2 §7) with the rules and messages of §4 and §5: modules,
// the template catalogue, assignments (assign-to-many is all or nothing), state transitions,
// statistics, review and reminder. Another psychologist's resources answer 404 and change nothing.
import { ETAPAS_DUELO, MSG_ACTIVIDADES, masRecienteAsignacion, ordenCatalogo, type Plantilla } from '@miduelo/shared/actividades';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { actividadAsignada } from '@miduelo/server/db/schema/actividades';
import { asignarA, llamar, primeraDeModulo, usarAppDeActividades } from '../helpers/actividades';
import { crearPractica, refirmar } from '../helpers/agenda';
import { conectar, esperarConexion, esperarEvento, sincronizar } from '../helpers/socket';
import { huellaTablas } from '../helpers/sondeo';

const c = usarAppDeActividades({ escuchar: true });
const api = () => llamar(c.t, c.p.token);
const P = '/api/psicologo';

const plantilla = (o: object = {}) => ({
  titulo: 'Carta a mi abuela',
  descripcion: 'Escribir una carta',
  tipo: 'Escritura terapéutica',
  ...o,
});

async function filasAsignadas(): Promise<number> {
  const r = await c.t.db.execute(sql`select count(*)::int as n from ${actividadAsignada}`);
  return ((Array.isArray(r) ? r : (r as { rows: unknown[] }).rows)[0] as { n: number }).n;
}

function error(r: { statusCode: number; json(): unknown }, status: number, msg: string) {
  expect(r.statusCode, JSON.stringify(r.json())).toBe(status);
  expect(r.json()).toMatchObject({ msg, mensaje: msg, code: expect.any(String) });
}

describe('módulos de duelo', () => {
  it('cada paciente tiene las cinco etapas con sus actividades sin asignar y progreso 0', async () => {
    const r = await api().get(`${P}/pacientes/${c.p.pacientes[0].id_paciente}/modulos`);
    expect(r.statusCode).toBe(200);
    const mods = r.json() as Array<{
      etapa_duelo: string;
      progreso: number;
      actividades_totales: number;
      actividades: Array<{ estado: string }>;
    }>;
    expect(mods.map((m) => m.etapa_duelo)).toEqual([...ETAPAS_DUELO]);
    for (const m of mods) {
      expect(m.progreso).toBe(0);
      expect(m.actividades_totales).toBe(4);
      expect(m.actividades.every((a) => a.estado === 'no_asignada')).toBe(true);
    }
  });

  it('asignar y finalizar una actividad de módulo mueve su progreso (completadas / total)', async () => {
    const [a] = await asignarA(c.t, c.p);
    await api().patch(`${P}/actividades/asignadas/${a.id_asignacion}`, {
      estado: 'finalizada',
      fecha_completada: new Date().toISOString(),
    });
    const mods = (await api().get(`${P}/pacientes/${c.p.pacientes[0].id_paciente}/modulos`)).json() as Array<{
      id_modulo: number;
      progreso: number;
      actividades_completadas: number;
      actividades: Array<{ estado: string; id_asignacion: number | null }>;
    }>;
    expect(mods[0]).toMatchObject({ progreso: 25, actividades_completadas: 1 });
    expect(mods[0].actividades[0]).toMatchObject({ estado: 'finalizada', id_asignacion: a.id_asignacion });
    const uno = await api().get(`${P}/pacientes/${c.p.pacientes[0].id_paciente}/modulos/${mods[0].id_modulo}`);
    expect(uno.json()).toMatchObject({ progreso: 25 });
    error(await api().get(`${P}/pacientes/${c.p.pacientes[0].id_paciente}/modulos/99`), 404, MSG_ACTIVIDADES.moduloNoEncontrado);
  });

  it('el progreso queda como historial: un punto por día con el general y cada módulo', async () => {
    const [a] = await asignarA(c.t, c.p);
    await api().patch(`${P}/actividades/asignadas/${a.id_asignacion}`, { estado: 'finalizada' });
    c.t.reloj.avanzar(2 * 86_400_000);
    refirmar(c.t, c.p);
    await api().patch(`${P}/actividades/asignadas/${a.id_asignacion}`, { estado: 'en_proceso' });
    const r = await api().get(`${P}/pacientes/${c.p.pacientes[0].id_paciente}/modulos/historial`);
    expect(r.statusCode, r.body).toBe(200);
    const h = r.json() as Array<{ fecha: string; general: number; modulos: Array<{ id_modulo: number; progreso: number }> }>;
    expect(h.map((x) => [x.fecha, x.general])).toEqual([
      ['2027-03-01', 5],
      ['2027-03-03', 0],
    ]);
    expect(h[0].modulos[0]).toEqual({ id_modulo: 1, progreso: 25 });
    const otro = await crearPractica(c.t, 1);
    error(
      await llamar(c.t, otro.token).get(`${P}/pacientes/${c.p.pacientes[0].id_paciente}/modulos/historial`),
      404,
      MSG_ACTIVIDADES.pacienteNoEncontrado,
    );
  });

  it('los módulos del paciente de otro psicólogo responden 404', async () => {
    const otro = await crearPractica(c.t, 1);
    error(await api().get(`${P}/pacientes/${otro.pacientes[0].id_paciente}/modulos`), 404, MSG_ACTIVIDADES.pacienteNoEncontrado);
  });
});

describe('catálogo de plantillas', () => {
  it('crea una plantilla personalizada: creador del token, origen personalizada, coerciones', async () => {
    const r = await api().post(
      `${P}/actividades`,
      plantilla({ obligatoria: 'true', repetitiva: true, periodo: '7', id_psicologo_creador: 999, origen: 'personalizada' }),
    );
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({
      id_actividad: expect.any(Number),
      titulo: 'Carta a mi abuela',
      obligatoria: true,
      repetitiva: true,
      periodo: 7,
      origen: 'personalizada',
      id_psicologo_creador: c.p.psicologo.id_psicologo,
    });
  });

  it('sin repetitiva el periodo se guarda vacío', async () => {
    const r = await api().post(`${P}/actividades`, plantilla({ repetitiva: false, periodo: 30 }));
    expect(r.json()).toMatchObject({ repetitiva: false, periodo: null });
  });

  it.each([
    [{ titulo: undefined }, 'Título es requerido'],
    [{ titulo: 'ab' }, 'Debe tener al menos 3 caracteres'],
    [{ titulo: 'x'.repeat(256) }, 'No puede exceder 255 caracteres'],
    [{ descripcion: 'x'.repeat(1001) }, 'No puede exceder 1000 caracteres'],
    [{ tipo: 'Karaoke' }, 'Tipo de actividad es requerido'],
    [{ repetitiva: true }, 'Periodo es requerido'],
    [{ repetitiva: true, periodo: 0 }, 'Debe ser mayor a 0'],
    [{ repetitiva: true, periodo: 366 }, 'No puede ser mayor a 365'],
    [{ archivo_url: 'no es un enlace' }, 'Formato inválido'],
  ])('%j → 400 «%s» y nada escrito', async (cambio, msg) => {
    const antes = await huellaTablas(c.t);
    error(await api().post(`${P}/actividades`, plantilla(cambio)), 400, msg);
    expect(await huellaTablas(c.t)).toEqual(antes);
  });

  it('acepta archivo_url con o sin protocolo', async () => {
    for (const url of ['ejemplo.com/guia.pdf', 'https://www.ejemplo.mx/recursos']) {
      const r = await api().post(`${P}/actividades`, plantilla({ archivo_url: url }));
      expect(r.statusCode, r.body).toBe(201);
    }
  });

  it('lista módulo + propias; ?psicologo= propio da solo las propias; ajeno 403', async () => {
    const propia = (await api().post(`${P}/actividades`, plantilla())).json() as { id_actividad: number };
    const otro = await crearPractica(c.t, 1);
    const ajena = (await llamar(c.t, otro.token).post(`${P}/actividades`, plantilla({ titulo: 'Privada del otro' }))).json() as {
      id_actividad: number;
    };
    const todas = (await api().get(`${P}/actividades`)).json() as Array<{ id_actividad: number; origen: string }>;
    expect(todas.filter((x) => x.origen === 'modulo')).toHaveLength(20);
    expect(todas.map((x) => x.id_actividad)).toContain(propia.id_actividad);
    expect(todas.map((x) => x.id_actividad)).not.toContain(ajena.id_actividad);
    const mias = (await api().get(`${P}/actividades?psicologo=${c.p.psicologo.id_psicologo}`)).json() as Array<{
      id_psicologo_creador: number;
    }>;
    expect(mias.length).toBeGreaterThan(0);
    expect(mias.every((x) => x.id_psicologo_creador === c.p.psicologo.id_psicologo)).toBe(true);
    error(await api().get(`${P}/actividades?psicologo=${otro.psicologo.id_psicologo}`), 403, MSG_ACTIVIDADES.catalogoAjeno);
  });

  it('el catálogo viene en el orden de ordenCatalogo (el de la lista en vivo): propias primero, la más nueva primero', async () => {
    const crear = async (titulo: string) =>
      ((await api().post(`${P}/actividades`, plantilla({ titulo }))).json() as { id_actividad: number }).id_actividad;
    const primera = await crear('Primera propia');
    const empatada = await crear('Creada en el mismo instante');
    c.t.reloj.avanzar(60_000);
    const nueva = await crear('La más nueva');
    const lista = (await api().get(`${P}/actividades`)).json() as Plantilla[];
    expect(lista.slice(0, 4).map((x) => x.id_actividad)).toEqual([nueva, empatada, primera, expect.any(Number)]);
    expect(lista[3].origen).toBe('modulo');
    expect([...lista].sort(ordenCatalogo)).toEqual(lista);
  });

  it('la plantilla de otro psicólogo no se ve, ni se edita, ni se elimina (404, nada cambia)', async () => {
    const otro = await crearPractica(c.t, 1);
    const ajena = (await llamar(c.t, otro.token).post(`${P}/actividades`, plantilla())).json() as { id_actividad: number };
    const antes = await huellaTablas(c.t);
    error(await api().get(`${P}/actividades/${ajena.id_actividad}`), 404, MSG_ACTIVIDADES.actividadNoEncontrada);
    error(
      await api().put(`${P}/actividades/${ajena.id_actividad}`, plantilla({ titulo: 'Cambiada' })),
      404,
      MSG_ACTIVIDADES.actividadNoEncontrada,
    );
    error(await api().del(`${P}/actividades/${ajena.id_actividad}`), 404, MSG_ACTIVIDADES.actividadNoEncontrada);
    expect(await huellaTablas(c.t)).toEqual(antes);
  });

  it('las actividades de módulo no se editan ni eliminan (403)', async () => {
    const id = await primeraDeModulo(c.t, c.p);
    error(await api().put(`${P}/actividades/${id}`, plantilla()), 403, MSG_ACTIVIDADES.actividadDeModulo);
    error(await api().del(`${P}/actividades/${id}`), 403, MSG_ACTIVIDADES.actividadDeModulo);
  });

  it('edita y elimina la propia; eliminada desaparece del catálogo pero la asignación sigue', async () => {
    const propia = (await api().post(`${P}/actividades`, plantilla())).json() as { id_actividad: number };
    const r = await api().put(`${P}/actividades/${propia.id_actividad}`, plantilla({ titulo: 'Carta revisada' }));
    expect(r.json()).toMatchObject({ titulo: 'Carta revisada' });
    const [a] = await asignarA(c.t, c.p, { id_actividad: propia.id_actividad });
    expect((await api().del(`${P}/actividades/${propia.id_actividad}`)).statusCode).toBe(200);
    expect((await api().get(`${P}/actividades/${propia.id_actividad}`)).statusCode).toBe(404);
    const lista = (await api().get(`${P}/paciente/${c.p.pacientes[0].id_paciente}/actividades`)).json() as Array<{
      id_asignacion: number;
      actividad: { titulo: string };
    }>;
    expect(lista.find((x) => x.id_asignacion === a.id_asignacion)?.actividad.titulo).toBe('Carta revisada');
  });

  it('busca por título, descripción o tipo sin distinguir mayúsculas; vacío es 400', async () => {
    await api().post(`${P}/actividades`, plantilla({ titulo: 'Dibujo del RECUERDO', tipo: 'Arte terapia' }));
    const porTitulo = (await api().get(`${P}/actividades/buscar?q=recuerdo`)).json() as Array<{ titulo: string }>;
    expect(porTitulo.map((x) => x.titulo)).toContain('Dibujo del RECUERDO');
    const porTipo = (await api().get(`${P}/actividades/buscar?q=arte%20TERAPIA`)).json() as Array<{ tipo: string }>;
    expect(porTipo.length).toBeGreaterThan(0);
    expect(porTipo.every((x) => x.tipo === 'Arte terapia')).toBe(true);
    const porcentaje = (await api().get(`${P}/actividades/buscar?q=%25`)).json() as unknown[];
    expect(porcentaje).toEqual([]);
    error(await api().get(`${P}/actividades/buscar?q=`), 400, MSG_ACTIVIDADES.busquedaVacia);
  });
});

describe('asignar a varios pacientes', () => {
  it('asigna a todos con prioridad media por defecto y las instrucciones del cliente original', async () => {
    const id = await primeraDeModulo(c.t, c.p);
    const r = await api().post(`${P}/actividades/asignar`, {
      id_actividad: id,
      pacientes: c.p.pacientes.map((x) => x.id_paciente),
      fecha_limite: '2027-03-01',
      instrucciones_adicionales: 'Hazla con calma',
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ asignadas: 2 });
    for (const pac of c.p.pacientes) {
      const lista = (await api().get(`${P}/paciente/${pac.id_paciente}/actividades`)).json() as Array<Record<string, unknown>>;
      expect(lista).toHaveLength(1);
      expect(lista[0]).toMatchObject({
        estado: 'en_proceso',
        prioridad: 'media',
        fecha_limite: '2027-03-01',
        fecha_completada: null,
        instrucciones_personalizadas: 'Hazla con calma',
        visible_para_psicologo: false,
        evidencias: [],
      });
    }
  });

  it('un paciente ajeno en la lista: 404 y ninguno queda asignado', async () => {
    const otro = await crearPractica(c.t, 1);
    const antes = await filasAsignadas();
    const r = await api().post(`${P}/actividades/asignar`, {
      id_actividad: await primeraDeModulo(c.t, c.p),
      pacientes: [c.p.pacientes[0].id_paciente, otro.pacientes[0].id_paciente],
      fecha_limite: '2027-03-05',
    });
    error(r, 404, MSG_ACTIVIDADES.pacienteAjeno);
    expect(await filasAsignadas()).toBe(antes);
  });

  it.each([
    [{ pacientes: [] }, MSG_ACTIVIDADES.sinPacientes],
    [{ fecha_limite: '2027-02-28' }, MSG_ACTIVIDADES.fechaLimitePasada],
    [{ prioridad: 'urgente' }, MSG_ACTIVIDADES.prioridadInvalida],
    [{ instrucciones_personalizadas: 'x'.repeat(501) }, 'Instrucciones no debe exceder 500 caracteres'],
    [{ id_actividad: undefined }, MSG_ACTIVIDADES.debeElegirPlantilla],
  ])('%j → 400 «%s»', async (cambio, msg) => {
    const antes = await filasAsignadas();
    const cuerpo = {
      id_actividad: await primeraDeModulo(c.t, c.p),
      pacientes: [c.p.pacientes[0].id_paciente],
      fecha_limite: '2027-03-02',
      ...cambio,
    };
    error(await api().post(`${P}/actividades/asignar`, cuerpo), 400, msg);
    expect(await filasAsignadas()).toBe(antes);
  });

  it('paciente repetido → 400', async () => {
    const id = c.p.pacientes[0].id_paciente;
    error(
      await api().post(`${P}/actividades/asignar`, { id_actividad: await primeraDeModulo(c.t, c.p), pacientes: [id, id] }),
      400,
      MSG_ACTIVIDADES.pacientesRepetidos,
    );
  });

  it('"hoy" es el de la clínica: a las 23:30 del 1 de marzo en CDMX (ya 2 de marzo en UTC) el 1 vale', async () => {
    c.t.reloj.fijar('2027-03-01T23:30:00-06:00');
    refirmar(c.t, c.p);
    const r = await api().post(`${P}/actividades/asignar`, {
      id_actividad: await primeraDeModulo(c.t, c.p),
      pacientes: [c.p.pacientes[0].id_paciente],
      fecha_limite: '2027-03-01',
    });
    expect(r.statusCode, r.body).toBe(201);
  });

  it('las instrucciones se guardan cifradas', async () => {
    await asignarA(c.t, c.p, { instrucciones_personalizadas: 'Recuerda a tu papá con cariño' });
    const r = await c.t.db.execute(
      sql`select instrucciones_personalizadas as i from actividad_asignada where instrucciones_personalizadas is not null`,
    );
    const filas = (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Array<{ i: string }>;
    expect(filas.length).toBeGreaterThan(0);
    for (const f of filas) expect(f.i).not.toContain('papá');
  });
});

describe('cambios de una asignación', () => {
  it('las asignaciones vienen en el orden de masRecienteAsignacion (el de la lista en vivo), también tras un cambio', async () => {
    const catalogo = (await api().get(`${P}/actividades`)).json() as Plantilla[];
    const [m1, m2, m3] = catalogo.filter((x) => x.origen === 'modulo');
    const [a] = await asignarA(c.t, c.p, { id_actividad: m1.id_actividad, fecha_limite: null });
    const [b] = await asignarA(c.t, c.p, { id_actividad: m2.id_actividad, fecha_limite: null });
    c.t.reloj.avanzar(60_000);
    const [d] = await asignarA(c.t, c.p, { id_actividad: m3.id_actividad, fecha_limite: null });
    expect((await api().patch(`${P}/actividades/asignadas/${b.id_asignacion}`, { estado: 'finalizada' })).statusCode).toBe(200);
    const lista = (await api().get(`${P}/paciente/${c.p.pacientes[0].id_paciente}/actividades`)).json() as Array<{
      id_asignacion: number;
      fecha_asignacion: string;
    }>;
    expect(lista.map((x) => x.id_asignacion)).toEqual([d.id_asignacion, b.id_asignacion, a.id_asignacion]);
    expect([...lista].sort(masRecienteAsignacion)).toEqual(lista);
  });

  it('finalizada fija fecha_completada a ahora; en_proceso la borra', async () => {
    const [a] = await asignarA(c.t, c.p);
    const fin = await api().patch(`${P}/actividades/asignadas/${a.id_asignacion}`, {
      estado: 'finalizada',
      fecha_completada: '2020-01-01',
    });
    expect(fin.statusCode, fin.body).toBe(200);
    expect(fin.json()).toMatchObject({ estado: 'finalizada', fecha_completada: new Date('2027-03-01T09:00:00-06:00').toISOString() });
    const vuelta = await api().patch(`${P}/actividades/asignadas/${a.id_asignacion}`, { estado: 'en_proceso', fecha_completada: null });
    expect(vuelta.json()).toMatchObject({ estado: 'en_proceso', fecha_completada: null });
  });

  it('instrucciones vacías → 400 «Las instrucciones no pueden estar vacías»; válidas se guardan', async () => {
    const [a] = await asignarA(c.t, c.p);
    for (const vacias of ['', '   ', null])
      error(
        await api().patch(`${P}/actividades/asignadas/${a.id_asignacion}`, { instrucciones_personalizadas: vacias }),
        400,
        MSG_ACTIVIDADES.instruccionesVacias,
      );
    const r = await api().patch(`${P}/actividades/asignadas/${a.id_asignacion}`, { instrucciones_personalizadas: '  Solo 10 minutos  ' });
    expect(r.json()).toMatchObject({ instrucciones_personalizadas: 'Solo 10 minutos' });
    error(await api().patch(`${P}/actividades/asignadas/${a.id_asignacion}`, {}), 400, MSG_ACTIVIDADES.cambioVacio);
    error(
      await api().patch(`${P}/actividades/asignadas/${a.id_asignacion}`, { estado: 'no_asignada' }),
      400,
      MSG_ACTIVIDADES.estadoInvalido,
    );
  });

  it('PUT cambia prioridad y fecha límite; una fecha pasada nueva → 400', async () => {
    const [a] = await asignarA(c.t, c.p);
    const r = await api().put(`${P}/actividades/asignadas/${a.id_asignacion}`, { prioridad: 'alta', fecha_limite: '2027-04-01' });
    expect(r.json()).toMatchObject({ prioridad: 'alta', fecha_limite: '2027-04-01' });
    error(
      await api().put(`${P}/actividades/asignadas/${a.id_asignacion}`, { fecha_limite: '2027-01-01' }),
      400,
      MSG_ACTIVIDADES.fechaLimitePasada,
    );
  });

  it('otro psicólogo no puede cambiar, revisar, recordar ni eliminar (404, nada cambia)', async () => {
    const [a] = await asignarA(c.t, c.p);
    const otro = llamar(c.t, (await crearPractica(c.t, 1)).token);
    const antes = await huellaTablas(c.t);
    const u = `${P}/actividades/asignadas/${a.id_asignacion}`;
    for (const r of [
      await otro.patch(u, { estado: 'finalizada' }),
      await otro.put(u, { prioridad: 'alta' }),
      await otro.put(`${u}/revisar`, {}),
      await otro.post(`${u}/recordatorio`, {}),
      await otro.get(`${u}/evidencias`),
      await otro.del(u),
    ])
      error(r, 404, MSG_ACTIVIDADES.asignacionNoEncontrada);
    expect(await huellaTablas(c.t)).toEqual(antes);
  });

  it('elimina la asignación y escribe su auditoría', async () => {
    const [a] = await asignarA(c.t, c.p);
    expect((await api().del(`${P}/actividades/asignadas/${a.id_asignacion}`)).statusCode).toBe(200);
    expect((await api().get(`${P}/paciente/${c.p.pacientes[0].id_paciente}/actividades`)).json()).toEqual([]);
    const r = await c.t.db.execute(
      sql`select accion from auditoria where recurso = 'actividad_asignada' and id_recurso = ${String(a.id_asignacion)} order by id_auditoria`,
    );
    const filas = (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Array<{ accion: string }>;
    expect(filas.map((f) => f.accion)).toEqual(['crear', 'eliminar']);
  });

  it('revisar marca revisada_en', async () => {
    const [a] = await asignarA(c.t, c.p);
    const r = await api().put(`${P}/actividades/asignadas/${a.id_asignacion}/revisar`, {});
    expect(r.json()).toMatchObject({ revisada_en: expect.any(String) });
  });

  it('estadísticas: total, en proceso, finalizadas, con evidencia', async () => {
    const [a] = await asignarA(c.t, c.p);
    await asignarA(c.t, c.p);
    await api().patch(`${P}/actividades/asignadas/${a.id_asignacion}`, { estado: 'finalizada' });
    const r = await api().get(`${P}/paciente/${c.p.pacientes[0].id_paciente}/actividades/estadisticas`);
    expect(r.json()).toEqual({ total: 2, enProceso: 1, finalizadas: 1, conEvidencia: 0 });
  });
});

describe('recordatorio', () => {
  it('envía un correo al paciente y un aviso en vivo; otro en menos de una hora → 429; finalizada → 409', async () => {
    const [a] = await asignarA(c.t, c.p, { instrucciones_personalizadas: 'Con calma' });
    const s = conectar(c.t.url, c.p.tokensPacientes[0]);
    await esperarConexion(s);
    try {
      const aviso = esperarEvento<{ id_asignacion: number; titulo: string }>(s, 'actividad:recordatorio');
      const desde = c.t.buzon.correos.length;
      const r = await api().post(`${P}/actividades/asignadas/${a.id_asignacion}/recordatorio`, {});
      expect(r.statusCode, r.body).toBe(200);
      expect(await aviso).toMatchObject({ id_asignacion: a.id_asignacion, titulo: 'Escribir lo que sucedió' });
      const correo = await c.t.buzon.esperar(c.p.pacientes[0].email, { desde });
      expect(correo.asunto).toBe('Recordatorio: Escribir lo que sucedió');
      expect(correo.texto).toContain('Con calma');
      error(await api().post(`${P}/actividades/asignadas/${a.id_asignacion}/recordatorio`, {}), 429, MSG_ACTIVIDADES.recordatorioReciente);
      c.t.reloj.avanzar(3600_000);
      await api().patch(`${P}/actividades/asignadas/${a.id_asignacion}`, { estado: 'finalizada' });
    } finally {
      s.close();
    }
  });

  it('finalizada → 409', async () => {
    const [a] = await asignarA(c.t, c.p);
    await api().patch(`${P}/actividades/asignadas/${a.id_asignacion}`, { estado: 'finalizada' });
    error(await api().post(`${P}/actividades/asignadas/${a.id_asignacion}/recordatorio`, {}), 409, MSG_ACTIVIDADES.recordatorioFinalizada);
  });
});

describe('reintento de asignar con id_cliente (decisión 313)', () => {
  const cuerpo = async (o: object = {}) => ({
    id_actividad: await primeraDeModulo(c.t, c.p),
    pacientes: c.p.pacientes.map((x) => x.id_paciente),
    fecha_limite: '2027-03-10',
    id_cliente: 'asignar-0001-abcdef',
    ...o,
  });
  const idsDe = (r: { json(): unknown }) =>
    (r.json() as { asignaciones: Array<{ id_asignacion: number }> }).asignaciones.map((a) => a.id_asignacion);

  it('el mismo id dos veces: un solo juego de filas; el reintento responde 200 con las mismas asignaciones y no escribe nada', async () => {
    const b = await cuerpo({ id_cliente: `rep-${c.p.psicologo.id_psicologo}-aaaaaaaa` });
    const antes = await filasAsignadas();
    const r1 = await api().post(`${P}/actividades/asignar`, b);
    expect(r1.statusCode, r1.body).toBe(201);
    expect(r1.json()).toMatchObject({ asignadas: 2 });
    expect(await filasAsignadas()).toBe(antes + 2);
    const huella = await huellaTablas(c.t);
    const r2 = await api().post(`${P}/actividades/asignar`, b);
    expect(r2.statusCode, r2.body).toBe(200);
    expect(r2.json()).toMatchObject({ asignadas: 2 });
    expect(idsDe(r2)).toEqual(idsDe(r1));
    // No second row, audit row or progress point.
    expect(await huellaTablas(c.t)).toEqual(huella);
    expect(await filasAsignadas()).toBe(antes + 2);
  });

  it('el reintento no avisa otra vez al paciente', async () => {
    const sp = conectar(c.t.url, c.p.tokensPacientes[0]);
    const ss = conectar(c.t.url, c.p.token);
    await Promise.all([esperarConexion(sp), esperarConexion(ss)]);
    try {
      const b = await cuerpo({ id_cliente: `aviso-${c.p.psicologo.id_psicologo}-bbbbbbbb`, pacientes: [c.p.pacientes[0].id_paciente] });
      const llegada = esperarEvento(sp, 'mi-actividad:cambio');
      expect((await api().post(`${P}/actividades/asignar`, b)).statusCode).toBe(201);
      await llegada;
      let avisos = 0;
      (sp as unknown as { on(e: string, f: () => void): void }).on('mi-actividad:cambio', () => avisos++);
      expect((await api().post(`${P}/actividades/asignar`, b)).statusCode).toBe(200);
      await sincronizar(ss, sp);
      expect(avisos).toBe(0);
    } finally {
      sp.close();
      ss.close();
    }
  });

  it('dos peticiones simultáneas con el mismo id: un solo juego de filas, una 201 y otra 200 con los mismos ids', async () => {
    const b = await cuerpo({ id_cliente: `conc-${c.p.psicologo.id_psicologo}-cccccccc` });
    const antes = await filasAsignadas();
    const [r1, r2] = await Promise.all([api().post(`${P}/actividades/asignar`, b), api().post(`${P}/actividades/asignar`, b)]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 201]);
    expect(idsDe(r1)).toEqual(idsDe(r2));
    expect(await filasAsignadas()).toBe(antes + 2);
  });

  it('sin id_cliente todo sigue igual: dos envíos, dos juegos', async () => {
    const b = await cuerpo({ id_cliente: undefined });
    const antes = await filasAsignadas();
    expect((await api().post(`${P}/actividades/asignar`, b)).statusCode).toBe(201);
    expect((await api().post(`${P}/actividades/asignar`, { ...b, id_cliente: null })).statusCode).toBe(201);
    expect(await filasAsignadas()).toBe(antes + 4);
  });

  it.each([['x'], ['a'.repeat(65)], [12345678], ['con espacios 123']])('id_cliente %j → 400 y nada guardado', async (id) => {
    const antes = await huellaTablas(c.t);
    error(await api().post(`${P}/actividades/asignar`, await cuerpo({ id_cliente: id })), 400, MSG_ACTIVIDADES.idClienteInvalido);
    expect(await huellaTablas(c.t)).toEqual(antes);
  });

  it('el id de otro psicólogo: 409, nada guardado y nada de lo suyo a la vista', async () => {
    const id_cliente = `ajeno-${c.p.psicologo.id_psicologo}-dddddddd`;
    expect((await api().post(`${P}/actividades/asignar`, await cuerpo({ id_cliente }))).statusCode).toBe(201);
    const otro = await crearPractica(c.t, 1);
    const antes = await huellaTablas(c.t);
    const r = await llamar(c.t, otro.token).post(`${P}/actividades/asignar`, {
      id_actividad: await primeraDeModulo(c.t, otro),
      pacientes: [otro.pacientes[0].id_paciente],
      fecha_limite: '2027-03-10',
      id_cliente,
    });
    error(r, 409, MSG_ACTIVIDADES.idClienteUsado);
    expect(r.body).not.toContain('asignaciones');
    expect(await huellaTablas(c.t)).toEqual(antes);
  });

  it('un reintento con un paciente ajeno en la lista: 404 primero, no la respuesta guardada', async () => {
    const id_cliente = `auth-${c.p.psicologo.id_psicologo}-eeeeeeee`;
    expect((await api().post(`${P}/actividades/asignar`, await cuerpo({ id_cliente }))).statusCode).toBe(201);
    const otro = await crearPractica(c.t, 1);
    const r = await api().post(`${P}/actividades/asignar`, await cuerpo({ id_cliente, pacientes: [otro.pacientes[0].id_paciente] }));
    error(r, 404, MSG_ACTIVIDADES.pacienteAjeno);
  });

  // Stripe's rule: the same id with other content is not a retry. The first answer was lost and the
  // psychologist changed the form: answering the first set would lose the change without a word.
  const otraActividad = async () => {
    const lista = (await api().get(`${P}/actividades`)).json() as Array<{ id_actividad: number; origen: string }>;
    const primera = await primeraDeModulo(c.t, c.p);
    const otra = lista.find((x) => x.id_actividad !== primera);
    if (!otra) throw new Error('no hay una segunda actividad');
    return otra.id_actividad;
  };
  const cambios: Array<[string, () => Promise<object>]> = [
    ['otra actividad', async () => ({ id_actividad: await otraActividad() })],
    ['un paciente menos', async () => ({ pacientes: [c.p.pacientes[0].id_paciente] })],
    ['el otro paciente', async () => ({ pacientes: [c.p.pacientes[1].id_paciente] })],
    ['otra fecha límite', async () => ({ fecha_limite: '2027-03-11' })],
    ['sin fecha límite', async () => ({ fecha_limite: null })],
    ['otra prioridad', async () => ({ prioridad: 'alta' })],
    ['otras instrucciones', async () => ({ instrucciones_personalizadas: 'Léela en voz alta, despacio' })],
    ['sin instrucciones', async () => ({ instrucciones_personalizadas: '' })],
  ];
  it.each(cambios)('el mismo id con %s: 409 ID_CLIENTE_DISTINTO y nada escrito', async (nombre, cambio) => {
    const id_cliente = `dist-${c.p.psicologo.id_psicologo}-${nombre.replace(/[^a-z]/g, '')}`.slice(0, 64);
    const b = await cuerpo({
      id_cliente,
      prioridad: 'media',
      instrucciones_personalizadas: '  Léela en voz alta  ',
      ...(nombre === 'el otro paciente' ? { pacientes: [c.p.pacientes[0].id_paciente] } : {}),
    });
    const r1 = await api().post(`${P}/actividades/asignar`, b);
    expect(r1.statusCode, r1.body).toBe(201);
    const otro = { ...b, ...(await cambio()) };
    const antes = await huellaTablas(c.t);
    const r = await api().post(`${P}/actividades/asignar`, otro);
    error(r, 409, MSG_ACTIVIDADES.idClienteDistinto);
    expect(r.json()).toMatchObject({ code: 'ID_CLIENTE_DISTINTO' });
    expect(r.body).not.toContain('asignaciones');
    expect(await huellaTablas(c.t)).toEqual(antes);
    // The same content (the instructions trimmed as the create trims them) is still a retry.
    const r2 = await api().post(`${P}/actividades/asignar`, { ...b, instrucciones_personalizadas: 'Léela en voz alta' });
    expect(r2.statusCode, r2.body).toBe(200);
    expect(idsDe(r2)).toEqual(idsDe(r1));
    expect(await huellaTablas(c.t)).toEqual(antes);
  });

  it('el mismo id con los pacientes en otro orden sigue siendo un reintento (el conjunto es el mismo)', async () => {
    const b = await cuerpo({ id_cliente: `orden-${c.p.psicologo.id_psicologo}-ffffffff` });
    const r1 = await api().post(`${P}/actividades/asignar`, b);
    expect(r1.statusCode, r1.body).toBe(201);
    const r2 = await api().post(`${P}/actividades/asignar`, { ...b, pacientes: [...b.pacientes].reverse() });
    expect(r2.statusCode, r2.body).toBe(200);
    expect(idsDe(r2)).toEqual(idsDe(r1));
  });
});

describe('en vivo', () => {
  it('asignar y cambiar llegan a la sala del paciente (su vista) y a la del psicólogo', async () => {
    const sp = conectar(c.t.url, c.p.tokensPacientes[0]);
    const ss = conectar(c.t.url, c.p.token);
    await Promise.all([esperarConexion(sp), esperarConexion(ss)]);
    try {
      const alPaciente = esperarEvento<{ tipo: string; asignacion: { id_asignacion: number } }>(sp, 'mi-actividad:cambio');
      const alPsicologo = esperarEvento<{ tipo: string; id_paciente: number }>(ss, 'actividad:cambio');
      const [a] = await asignarA(c.t, c.p);
      expect(await alPaciente).toMatchObject({ tipo: 'creada', por: 'psicologo', asignacion: { id_asignacion: a.id_asignacion } });
      expect(await alPsicologo).toMatchObject({ tipo: 'creada', id_paciente: c.p.pacientes[0].id_paciente });
      const fin = esperarEvento<{ tipo: string; asignacion: { estado: string } }>(sp, 'mi-actividad:cambio');
      await api().patch(`${P}/actividades/asignadas/${a.id_asignacion}`, { estado: 'finalizada' });
      expect(await fin).toMatchObject({ tipo: 'actualizada', por: 'psicologo', asignacion: { estado: 'finalizada' } });
      // What the patient does themself says so (the push observer leaves it alone, decision 201).
      const retomada = esperarEvento<{ tipo: string; por: string }>(sp, 'mi-actividad:cambio');
      await llamar(c.t, c.p.tokensPacientes[0]).patch(`/api/paciente/actividades/${a.id_asignacion}`, { estado: 'en_proceso' });
      expect(await retomada).toMatchObject({ tipo: 'actualizada', por: 'paciente', asignacion: { estado: 'en_proceso' } });
      const borrada = esperarEvento<{ tipo: string }>(sp, 'mi-actividad:cambio');
      await api().del(`${P}/actividades/asignadas/${a.id_asignacion}`);
      expect(await borrada).toMatchObject({ tipo: 'eliminada' });
    } finally {
      sp.close();
      ss.close();
    }
  });
});
