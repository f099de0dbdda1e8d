// What a new user tripped over on her first day (issue 53), in the browser: the administrator's
// wide table and unbroken addresses, registering another administrator and one profile entry; the
// drawer dimmed behind the evidence viewer; the new-topic title in the product's dialog; why a
// disabled 'Eliminar duplicadas' waits; the patient's request jumping to the next day with slots.
import { MSG_ADMINISTRACION } from '@miduelo/shared/administracion';
import { MSG } from '@miduelo/shared/cuentas';
import { TEXTOS_AGENDA } from '@miduelo/shared/agenda';
import { lunesDe, sumarDias } from '@miduelo/shared/agenda-tiempo';
import { ZONA_CLINICA_DEFECTO } from '@miduelo/shared/constants';
import { fechaEnZona } from '@miduelo/shared/fechas';
import { MSG_FOROS, TEXTOS_FOROS } from '@miduelo/shared/foros';
import { TEXTOS_ACTIVIDADES } from '@miduelo/shared/actividades';
import { psicologo } from '@miduelo/server/db/schema/cuentas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asignarA, PNG, subir } from '../helpers/actividades';
import { crearPractica, psicologoApi } from '../helpers/agenda';
import { aceptarVigentes, entrarEnLaApp } from '../helpers/app-paciente';
import type { E2E } from '../helpers/e2e';
import { inyectarCon } from '../helpers/app';
import { crearPaciente, crearPsicologo, sesionPsicologo } from '../helpers/fabricas';
import { psicologoForo } from '../helpers/foros';
import { debeOmitirE2E, TELEFONO_TACTIL } from '../helpers/navegador';

const omitir = debeOmitirE2E();
let e: E2E;
const hoy = () => fechaEnZona(new Date(), ZONA_CLINICA_DEFECTO);
const DIAS = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'];
const diaSemana = (fecha: string) => DIAS[new Date(`${fecha}T12:00:00Z`).getUTCDay()] as string;

describe.skipIf(omitir)('el primer día', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  it('administración: la tabla usa el ancho, un correo no se parte, registrar a otro administrador, un solo «Mi Perfil»', async () => {
    const admin = await crearPsicologo(e.t.db, { rol_admin: true });
    await crearPsicologo(e.t.db, { nombre: 'Mariana', apellidoPaterno: 'Herrera', correo: 'mariana.herrera@consultoriopsicologico.mx' });
    const page = await e.paginaConSesion(sesionPsicologo(e.t.app, admin), '/admin/psicologos');
    await page.setViewportSize({ width: 1366, height: 768 });
    const fila = page.getByRole('row').filter({ hasText: 'Mariana' });
    await fila.waitFor({ timeout: 30_000 });

    // The table takes the window's width (it was held to 1152 px, its addresses cut mid-word).
    const tabla = await page.getByRole('table').boundingBox();
    expect(tabla?.width ?? 0).toBeGreaterThan(1250);
    const partes = fila.locator('[data-correo] > span');
    expect(await partes.allTextContents()).toEqual(['mariana.herrera@', 'consultoriopsicologico.mx']);
    for (const lineas of await partes.evaluateAll((els) => els.map((el) => el.getClientRects().length))) expect(lineas).toBe(1);

    // Spec 2 §6: register another administrator from here.
    await page.getByRole('button', { name: 'Registrar administrador' }).click();
    const d = page.getByRole('dialog', { name: 'Registrar administrador' });
    await d.getByLabel('Nombre(s)').fill('Elena');
    await d.getByLabel('Apellido paterno').fill('Soto');
    await d.getByLabel('Fecha de nacimiento').fill('1984-05-20');
    await d.getByLabel('Cédula profesional').fill('12345678');
    await d.getByLabel('Teléfono').fill('5512345678');
    await d.getByLabel('Correo electrónico').fill('elena.soto@miduelo.mx');
    await d.getByRole('button', { name: 'Generar contraseña segura' }).click();
    await d.getByRole('button', { name: 'Registrar administrador' }).click();
    // Without the terms confirmed nothing is sent; with them, the account is created.
    await d.getByText(MSG.aceptaTerminos).waitFor();
    expect(await e.t.db.select().from(psicologo).where(eq(psicologo.correo, 'elena.soto@miduelo.mx'))).toEqual([]);
    await d.getByLabel(/acepta los términos/).check();
    await d.getByRole('button', { name: 'Registrar administrador' }).click();
    await page.getByText(MSG_ADMINISTRACION.adminRegistrado).first().waitFor();
    await d.waitFor({ state: 'hidden' });
    const [nueva] = await e.t.db.select().from(psicologo).where(eq(psicologo.correo, 'elena.soto@miduelo.mx'));
    expect(nueva).toMatchObject({ rol_admin: true, nombre: 'Elena' });
    await e.t.buzon.esperar('elena.soto@miduelo.mx');

    // The profile menu: one entry for the profile, not two leading to the same screen.
    await page.getByRole('button', { name: /Administrador$/ }).click();
    await page.getByRole('menuitem', { name: 'Mi Perfil' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Configuración' }).count()).toBe(0);
  }, 90_000);

  it('el cajón de la actividad se atenúa detrás del visor de evidencias', async () => {
    const p = await crearPractica(e.t, 1);
    const [a] = await asignarA(e.t, p);
    const r = await subir(e.t, p.tokensPacientes[0] as string, `/api/paciente/actividades/${a?.id_asignacion}/evidencias`, [
      { campo: 'visible_para_psicologo', valor: 'true' },
      { campo: 'archivo', archivo: PNG, nombre: 'arbol.png', tipo: 'image/png' },
    ]);
    expect(r.statusCode, r.body).toBe(201);
    const page = await e.paginaConSesion(p.token, `/paciente/${p.pacientes[0]?.id_paciente}`);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByRole('tab', { name: 'Actividades' }).click();
    await page.locator(`[data-asignacion="${a?.id_asignacion}"]`).getByRole('button').first().click();
    const cajon = page.getByRole('dialog');
    await cajon.getByRole('button', { name: 'Cerrar', exact: true }).first().waitFor();
    // Held by handle: once the viewer opens, Radix hides the drawer from the accessibility tree.
    const cerrar = await cajon.getByRole('button', { name: 'Cerrar', exact: true }).first().elementHandle();
    if (!cerrar) throw new Error('sin botón Cerrar en el cajón');
    const cubierto = () =>
      cerrar.evaluate((b) => {
        const caja = b.getBoundingClientRect();
        const arriba = document.elementFromPoint(caja.x + caja.width / 2, caja.y + caja.height / 2);
        return !(arriba && b.contains(arriba));
      });
    expect(await cubierto()).toBe(false);
    await cajon.getByRole('button', { name: 'Ver evidencia' }).click();
    const visor = page.getByRole('dialog', { name: TEXTOS_ACTIVIDADES.visorTitulo });
    await visor.waitFor();
    // The viewer is the one active surface: the drawer's controls sit under a dimming layer.
    await expect.poll(cubierto).toBe(true);
    await page.keyboard.press('Escape');
    await visor.waitFor({ state: 'hidden' });
    await expect.poll(cubierto).toBe(false);
  }, 90_000);

  it('«Nuevo Tema» pide el título en su propio diálogo, con la regla a la vista, sin prompt() del navegador', async () => {
    const psi = await psicologoForo(e.t);
    const f = await psi.post('/api/foros', { titulo: 'Acompañar en diciembre', descripcion: 'Fiestas', publico: true });
    const idForo = f.body.data.id_foro as number;
    const page = await e.paginaConSesion(psi.token, `/foros/${idForo}`);
    let nativos = 0;
    page.on('dialog', (dlg) => {
      nativos++;
      void dlg.dismiss();
    });
    await page.getByRole('button', { name: TEXTOS_FOROS.nuevoTema }).click();
    const d = page.getByRole('dialog', { name: TEXTOS_FOROS.nuevoTema });
    const campo = d.getByLabel(TEXTOS_FOROS.promptTema);
    await campo.fill('Hi');
    await d.getByRole('button', { name: TEXTOS_FOROS.crearTema }).click();
    await d.getByText(MSG_FOROS.minimo3).waitFor();
    expect(await campo.inputValue()).toBe('Hi');
    await campo.fill('Hijos que preguntan');
    await d.getByRole('button', { name: TEXTOS_FOROS.crearTema }).click();
    await d.waitFor({ state: 'hidden' });
    await page.locator('[data-tema]').filter({ hasText: 'Hijos que preguntan' }).waitFor();
    expect(nativos).toBe(0);
  }, 60_000);

  it('«Eliminar duplicadas» deshabilitado dice por qué, también en una pantalla táctil', async () => {
    const p = await crearPractica(e.t, 1);
    const martes = sumarDias(sumarDias(lunesDe(hoy()), 7), 1);
    const r = await psicologoApi(e.t, p).crearCita({ fecha: martes, hora_inicio: '10:00' });
    expect(r.statusCode, r.body).toBe(201);
    const ctx = await e.contexto(TELEFONO_TACTIL);
    const page = await e.paginaConSesion(p.token, `/agenda?semana=${sumarDias(lunesDe(hoy()), 7)}`, ctx);
    await page.locator('[data-id-cita]').first().tap({ timeout: 30_000 });
    const modal = page.getByRole('dialog', { name: /Cita de/ });
    const boton = modal.getByRole('button', { name: /Eliminar duplicadas/ });
    expect(await boton.isDisabled()).toBe(true);
    const motivo = modal.getByText(TEXTOS_AGENDA.sinDuplicadas);
    expect(await motivo.isVisible()).toBe(true);
    expect(await boton.getAttribute('aria-describedby')).toBe(await motivo.getAttribute('id'));
    await ctx.close();
  }, 60_000);

  it('«Solicitar una cita» salta al próximo día con horarios libres', async () => {
    const psi = await crearPsicologo(e.t.db);
    const pac = await crearPaciente(e.t.db, { id_psicologo: psi.id_psicologo, nombre: 'Lucía' });
    await aceptarVigentes(e.t.db, pac.id_paciente);
    // She sees slots only three days from today (neither today nor the next two days).
    const libre = sumarDias(hoy(), 3);
    const r = await inyectarCon(e.t.app, sesionPsicologo(e.t.app, psi), {
      method: 'POST',
      url: '/api/psicologo/disponibilidad',
      payload: { id_psicologo: psi.id_psicologo, dia_semana: diaSemana(libre), hora_inicio: '10:00', hora_fin: '12:00' },
    });
    expect(r.statusCode, r.body).toBe(201);
    const ctx = await e.contexto(TELEFONO_TACTIL);
    const page = await ctx.newPage();
    await entrarEnLaApp(page, pac.email);
    await page.getByRole('navigation').getByRole('link', { name: 'Citas' }).click();
    await page.getByText('Hoy ya no quedan horarios libres: te mostramos el próximo día que tiene.').waitFor();
    expect(await page.getByLabel('Día', { exact: true }).inputValue()).toBe(libre);
    await page.getByRole('list', { name: 'Horarios libres' }).getByRole('button', { name: '10:00' }).waitFor();

    // From an empty day later on, the button goes to the next one with slots (a week later).
    await page.getByRole('button', { name: 'Día siguiente' }).click();
    await page.getByText('No hay horarios libres este día.').waitFor();
    await page.getByRole('button', { name: 'Ir al próximo día con horarios libres' }).tap();
    await expect.poll(() => page.getByLabel('Día', { exact: true }).inputValue()).toBe(sumarDias(libre, 7));
    await page.getByRole('list', { name: 'Horarios libres' }).getByRole('button', { name: '10:00' }).waitFor();
    await ctx.close();
  }, 90_000);
});
