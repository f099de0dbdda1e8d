// The psychologist's screens of spec 1 §2, §5, §9 and spec 2 §2 that had no test (issue 53): the
// bar, the patient list, Duplicar, the test cards' scales and the Likert-7 labels (a 7-point
// instrument seeded from tests/fixtures, decision 353), and the activity filters with 'Mostrando X
// de Y'. One browser and one signed-in page, moved from screen to screen.
import { readFileSync } from 'node:fs';
import { mensajeCitasDuplicadas } from '@miduelo/shared/agenda';
import { lunesDe, sumarDias } from '@miduelo/shared/agenda-tiempo';
import { type Modulo, TEXTOS_ACTIVIDADES as TA } from '@miduelo/shared/actividades';
import { ZONA_CLINICA_DEFECTO } from '@miduelo/shared/constants';
import { TEXTOS_EXPEDIENTE } from '@miduelo/shared/expediente';
import { fechaEnZona } from '@miduelo/shared/fechas';
import { TEXTOS_PACIENTES } from '@miduelo/shared/pacientes';
import { actividad } from '@miduelo/server/db/schema/actividades';
import { test as tablaTest, testBanda, testPregunta } from '@miduelo/server/db/schema/expediente';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asignarA, llamar, subir } from '../helpers/actividades';
import { crearPractica, type Practica, psicologoApi } from '../helpers/agenda';
import type { E2E } from '../helpers/e2e';
import { crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { debeOmitirE2E } from '../helpers/navegador';

const omitir = debeOmitirE2E();
let e: E2E;
let p: Practica;
let page: Page;

interface Instrumento {
  clave: string;
  nombre: string;
  descripcion: string;
  tipo_escala: string;
  fuente: string;
  preguntas: string[];
  bandas: { minimo: number; maximo: number; interpretacion: string; riesgo: boolean }[];
}
const LIKERT_7 = JSON.parse(readFileSync(new URL('../fixtures/instrumento-likert-7.json', import.meta.url), 'utf8')) as Instrumento;

async function sembrarInstrumento(i: Instrumento) {
  const [t] = await e.t.db
    .insert(tablaTest)
    .values({ clave: i.clave, nombre: i.nombre, descripcion: i.descripcion, tipo_escala: i.tipo_escala, fuente: i.fuente })
    .returning();
  await e.t.db
    .insert(testPregunta)
    .values(i.preguntas.map((texto, n) => ({ id_test: t.id_test, orden: n + 1, texto_pregunta: texto, tipo_respuesta: 'escala' })));
  await e.t.db.insert(testBanda).values(i.bandas.map((b) => ({ id_test: t.id_test, ...b })));
}

const proximoLunes = () => sumarDias(lunesDe(fechaEnZona(new Date(), ZONA_CLINICA_DEFECTO)), 7);
const toast = (texto: string) => page.locator('[data-tipo]', { hasText: texto }).first();

describe.skipIf(omitir)('requisitos del psicólogo (spec 1 §2, §5, §9; spec 2 §2)', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
    await sembrarInstrumento(LIKERT_7);
    p = await crearPractica(e.t, 2, { nombre: 'Renata', apellidoPaterno: 'Olvera' });
    page = await e.paginaConSesion(p.token, '/agenda');
  });
  afterAll(() => e?.cerrar());

  it('la barra del psicólogo: Agenda, Pacientes, Chat, Actividades, Foros y Cerrar sesión', async () => {
    const barra = page.getByRole('navigation', { name: 'Espacio de trabajo' }).first();
    for (const [nombre, ruta] of [
      ['Agenda', '/agenda'],
      ['Pacientes', '/lista-pacientes-del-psicologo'],
      ['Chat', '/chat-pacientes-del-psicologo'],
      ['Actividades', '/actividades-globales'],
      ['Foros', '/foros'],
    ])
      expect(await barra.getByRole('link', { name: new RegExp(`^${nombre}`) }).getAttribute('href')).toBe(ruta);
    await page.getByRole('banner').getByRole('button', { name: 'Cerrar sesión' }).waitFor();
  });

  it('Listado de Pacientes: sus columnas, Eliminar deshabilitado, Ver abre el expediente; sin pacientes, el estado vacío', async () => {
    await page.goto('/lista-pacientes-del-psicologo');
    const tabla = page.getByRole('table');
    await tabla.getByRole('row').nth(2).waitFor();
    expect(await tabla.getByRole('columnheader').allTextContents()).toEqual([
      'ID',
      'Nombre',
      'Apellido Paterno',
      'Apellido Materno',
      'Correo',
      'Acciones',
    ]);
    const eliminar = tabla.getByRole('button', { name: 'Eliminar' });
    expect(await eliminar.count()).toBe(2);
    for (let i = 0; i < 2; i++) expect(await eliminar.nth(i).isDisabled()).toBe(true);
    const [primero] = p.pacientes;
    await tabla
      .getByRole('button', { name: `Ver expediente de ${primero.nombre} ${primero.apellido_paterno}` })
      .first()
      .click();
    await page.waitForURL(`**/paciente/${primero.id_paciente}`);

    const sola = await crearPsicologo(e.t.db);
    const vacia = await e.paginaConSesion(sesionPsicologo(e.t.app, sola), '/lista-pacientes-del-psicologo');
    await vacia.getByText(TEXTOS_PACIENTES.vacio).waitFor();
    expect(await vacia.getByRole('table').count()).toBe(0);
    await vacia.context().close();
  });

  it('Duplicar: los días de la semana mostrada, nada sin elegir un día, y la misma cita en los días elegidos', async () => {
    const lunes = proximoLunes();
    const [martes, miercoles, jueves] = [1, 2, 3].map((d) => sumarDias(lunes, d));
    const api = psicologoApi(e.t, p);
    const r = await api.crearCita({ fecha: martes, hora_inicio: '10:00', duracion: 60, notas: 'Sesión de seguimiento' });
    expect(r.statusCode, r.body).toBe(201);

    await page.goto('/agenda');
    await page.getByRole('button', { name: 'Semana siguiente' }).click();
    await page.locator(`td[data-fecha="${martes}"][data-hora="10:00"] [data-id-cita]`).click();
    const cita = page.getByRole('dialog', { name: /Cita de/ });
    await cita.getByRole('button', { name: 'Duplicar' }).click();
    const modal = page.getByRole('dialog', { name: 'Duplicar cita' });
    await modal.waitFor();
    // A multi-select of the shown week's seven days; the appointment's own day is not offered.
    const dias = modal.getByRole('checkbox');
    expect(await dias.count()).toBe(7);
    expect(await modal.locator(`#duplicar-${martes}`).isDisabled()).toBe(true);
    // With no day chosen nothing can be sent.
    const enviar = modal.getByRole('button', { name: /^Duplicar/ });
    expect(await enviar.isDisabled()).toBe(true);
    await modal.locator(`#duplicar-${miercoles}`).check();
    await modal.locator(`#duplicar-${jueves}`).check();
    await modal.getByRole('button', { name: 'Duplicar en 2 día(s)' }).click();
    await toast(mensajeCitasDuplicadas(2)).waitFor();
    await modal.waitFor({ state: 'detached' });
    for (const fecha of [miercoles, jueves]) await page.locator(`td[data-fecha="${fecha}"][data-hora="10:00"] [data-id-cita]`).waitFor();
    const semana = (await api.agenda(lunes)).json() as { agenda: { id_agenda: number } };
    const citas = (await api.citasDeAgenda(semana.agenda.id_agenda)).json() as { fecha: string; hora_inicio: string; notas: string }[];
    expect(citas.map((c) => `${c.fecha} ${c.hora_inicio} ${c.notas}`).sort()).toEqual(
      [martes, miercoles, jueves].map((f) => `${f} 10:00 Sesión de seguimiento`),
    );
  });

  it('Tests Disponibles: «Escala 1-5», «Escala 1-7» y «Sí/No»; la escala de 7 puntos lleva sus tres etiquetas', async () => {
    const [pac] = p.pacientes;
    await page.goto(`/paciente/${pac.id_paciente}`);
    await page.getByRole('tab', { name: 'Gráficas y Notas' }).click();
    await page.getByRole('tab', { name: TEXTOS_EXPEDIENTE.subtabs.disponibles }).click();
    const tarjeta = (nombre: string) => page.getByRole('listitem').filter({ hasText: nombre });
    await tarjeta('Inventario Texas Revisado de Duelo').getByText('Escala 1-5', { exact: true }).waitFor();
    await tarjeta('Tamizaje de factores de riesgo').getByText('Sí/No', { exact: true }).waitFor();
    const siete = tarjeta(LIKERT_7.nombre);
    await siete.getByText('Escala 1-7', { exact: true }).waitFor();

    await siete.getByRole('button', { name: TEXTOS_EXPEDIENTE.aplicarTest }).click();
    const modal = page.getByRole('dialog', { name: new RegExp(LIKERT_7.nombre) });
    await modal.getByText(`0 / ${LIKERT_7.preguntas.length} preguntas`).waitFor();
    const primera = modal.getByRole('group').first();
    // Seven answers: the lowest, the middle and the highest named as spec 1 §9 says, the rest by number.
    expect(await primera.getByRole('radio').evaluateAll((r) => r.map((x) => x.getAttribute('aria-label')))).toEqual([
      '1 (Muy en desacuerdo)',
      '2',
      '3',
      '4 (Neutral)',
      '5',
      '6',
      '7 (Muy de acuerdo)',
    ]);
    for (const texto of ['Muy en desacuerdo', 'Neutral', 'Muy de acuerdo'])
      expect(await primera.getByText(texto, { exact: true }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
  });

  it('Actividades: Filtros con búsqueda, estado, prioridad, «Solo con evidencia», «Mostrando X de Y», Limpiar y Restablecer', async () => {
    const [pac] = p.pacientes;
    const plantillas = (
      (await llamar(e.t, p.token).get('/api/psicologo/actividades')).json() as { id_actividad: number; titulo: string }[]
    ).slice(0, 3);
    const asignadas = [];
    for (const [i, prioridad] of (['alta', 'media', 'baja'] as const).entries())
      asignadas.push((await asignarA(e.t, p, { id_actividad: plantillas[i].id_actividad, pacientes: [pac.id_paciente], prioridad }))[0]);
    const fin = await llamar(e.t, p.token).patch(`/api/psicologo/actividades/asignadas/${asignadas[2].id_asignacion}`, {
      estado: 'finalizada',
      fecha_completada: new Date().toISOString(),
    });
    expect(fin.statusCode, fin.body).toBe(200);
    const ev = await subir(e.t, p.tokensPacientes[0], `/api/paciente/actividades/${asignadas[1].id_asignacion}/evidencias`, [
      { campo: 'url', valor: 'https://www.youtube.com/watch?v=inpok4MKVLM' },
      { campo: 'visible_para_psicologo', valor: 'true' },
    ]);
    expect(ev.statusCode, ev.body).toBe(201);

    await page.goto(`/paciente/${pac.id_paciente}`);
    await page.getByRole('tab', { name: 'Actividades' }).click();
    await page.getByRole('button', { name: TA.filtros }).click();
    const filtros = page.getByLabel('Filtros de actividades');
    const mostrando = (x: number) => filtros.getByText(TA.mostrando(x, 3)).waitFor();
    await mostrando(3);

    await filtros.getByLabel('Buscar actividad').fill(plantillas[0].titulo.toUpperCase());
    await mostrando(1);
    await filtros.getByLabel('Buscar actividad').fill('');
    await mostrando(3);

    const elegir = async (combo: string, opcion: string) => {
      await filtros.getByRole('combobox', { name: combo }).click();
      await page.getByRole('option', { name: opcion, exact: true }).click();
    };
    await elegir('Estado', 'Finalizadas');
    await mostrando(1);
    await page.locator(`[data-asignacion="${asignadas[2].id_asignacion}"]`).waitFor();
    await elegir('Estado', 'En Proceso');
    await mostrando(2);
    await elegir('Prioridad', 'Alta');
    await mostrando(1);
    await page.locator(`[data-asignacion="${asignadas[0].id_asignacion}"]`).waitFor();
    await filtros.getByRole('button', { name: TA.limpiarFiltros }).click();
    await mostrando(3);

    await filtros.getByLabel(TA.soloConEvidencia).check();
    await mostrando(1);
    await page.locator(`[data-asignacion="${asignadas[1].id_asignacion}"]`).waitFor();
    await filtros.getByLabel(TA.soloConEvidencia).uncheck();

    // Ordered by title: the rows follow the titles' alphabetical order.
    await elegir('Ordenar por', 'Título');
    const filas = await page.locator('[data-asignacion]').allTextContents();
    const titulos = filas.map((f) => plantillas.find((x) => f.includes(x.titulo))?.titulo);
    expect(titulos).toEqual(plantillas.map((x) => x.titulo).sort((a, b) => a.localeCompare(b, 'es')));

    await filtros.getByLabel('Buscar actividad').fill('ninguna actividad se llama así');
    await mostrando(0);
    await page.getByText(TA.sinResultados).waitFor();
    await page.getByRole('button', { name: TA.restablecerFiltros }).click();
    await mostrando(3);
    expect(await filtros.getByLabel('Buscar actividad').inputValue()).toBe('');
  });
  it('Módulos de Duelo: la descripción se recorta a 100 caracteres y «...»; el detalle sin descripción dice «Sin descripción»', async () => {
    const pac = p.pacientes[1];
    const modulos = (await llamar(e.t, p.token).get(`/api/psicologo/pacientes/${pac.id_paciente}/modulos`)).json() as Modulo[];
    const modulo = modulos.find((m) => m.actividades.length >= 2);
    if (!modulo) throw new Error('ningún módulo con dos actividades');
    const [sinDescripcion, larga] = modulo.actividades;
    const texto = `${'Escribe una carta a la persona que perdiste, sin prisa y sin corregirla. '.repeat(3)}Fin.`;
    await e.t.db.update(actividad).set({ descripcion: null }).where(eq(actividad.id_actividad, sinDescripcion.id_actividad));
    await e.t.db.update(actividad).set({ descripcion: texto }).where(eq(actividad.id_actividad, larga.id_actividad));
    await asignarA(e.t, p, { id_actividad: sinDescripcion.id_actividad, pacientes: [pac.id_paciente] });

    await page.goto(`/paciente/${pac.id_paciente}`);
    await page.getByRole('tab', { name: 'Módulos de Duelo' }).click();
    const tarjeta = page.locator(`[data-modulo="${modulo.etapa_duelo}"]`);
    await tarjeta.locator('button[aria-expanded]').click();
    await tarjeta.getByText(`${texto.slice(0, 100)}...`, { exact: true }).waitFor();
    expect(await tarjeta.getByText(texto, { exact: true }).count()).toBe(0);

    await tarjeta.getByRole('button', { name: sinDescripcion.titulo }).click();
    const detalle = page.getByRole('dialog', { name: sinDescripcion.titulo });
    await detalle.getByText(TA.sinDescripcion, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await detalle.waitFor({ state: 'detached' });
  });
});
