// The ARCO queue in Chromium (issue 56, decision 378): an administrator has Derechos ARCO open; a
// patient asks for the cancellation of her data; the request appears live with its legal deadline;
// the administrator resolves it by keyboard in the dialog (focus returns to the list), the row leaves
// the pending list, and the patient can no longer sign in.
import { formatoFecha } from '@miduelo/shared/fechas';
import { MSG_ARCO } from '@miduelo/shared/derechos-solicitudes';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foco } from '../helpers/accesibilidad';
import { aceptarVigentes } from '../helpers/app-paciente';
import { cliente } from '../helpers/chat';
import type { E2E } from '../helpers/e2e';
import { enVivo } from '../helpers/e2e-esperas';
import { CONTRASENA, crearPaciente, crearPsicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';
import { debeOmitirE2E, ESCRITORIO, TELEFONO } from '../helpers/navegador';

const omitir = debeOmitirE2E();
let e: E2E;
const contextos: BrowserContext[] = [];
const CAPTURAS = process.env.CAPTURAS_DERECHOS;
const MOTIVO = 'Terminé mi proceso de duelo y quiero que borren mis datos personales de la plataforma, por favor. '.repeat(3).trim();

const captura = async (page: Page, nombre: string) => {
  if (CAPTURAS) await page.screenshot({ path: `${CAPTURAS}/${nombre}.png`, fullPage: true });
};

describe.skipIf(omitir)('derechos ARCO: la cola del administrador (issue 56)', () => {
  beforeAll(async () => {
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E();
  });
  afterAll(async () => {
    for (const x of contextos) await x.close().catch(() => {});
    await e?.cerrar();
  });

  it.each([
    ['escritorio', ESCRITORIO],
    ['teléfono', TELEFONO],
  ] as const)('solicitud en vivo con su plazo → resolver la cancelación (%s)', async (nombre, tamano) => {
    const psi = await crearPsicologo(e.t.db, { nombre: 'Renata', apellidoPaterno: 'Solís' });
    const pac = await crearPaciente(e.t.db, {
      id_psicologo: psi.id_psicologo,
      nombre: 'Maximiliana Guadalupe',
      apellido_paterno: 'Fernández',
      apellido_materno: 'de la Concepción',
    });
    await aceptarVigentes(e.t.db, pac.id_paciente);
    const admin = await crearPsicologo(e.t.db, { rol_admin: true, nombre: 'Andrea', apellidoPaterno: 'Villanueva' });
    const ctx = await e.contexto(tamano);
    contextos.push(ctx);
    const pa = await e.paginaConSesion(sesionPsicologo(e.t.app, admin), '/admin/derechos', ctx);
    await enVivo(pa);
    await pa.locator('h1', { hasText: 'Derechos ARCO' }).waitFor();
    await captura(pa, `cola-vacia-${nombre}`);

    // She asks; the request appears without reloading, with its deadline and 20 business days left.
    const r = await cliente(e.t, sesionPaciente(e.t.app, pac)).post('/api/paciente/derechos/solicitudes', {
      tipo: 'cancelacion',
      motivo: MOTIVO,
    });
    expect(r.status).toBe(201);
    const fila = pa.getByRole('listitem').filter({ hasText: 'Maximiliana Guadalupe Fernández de la Concepción' });
    await fila.getByText('Quedan 20 días hábiles').waitFor();
    await fila.getByText(formatoFecha(r.body.vence_el)).waitFor();
    await fila.getByText(MOTIVO).waitFor();
    await captura(pa, `cola-con-solicitud-${nombre}`);

    // Resolved by keyboard: the dialog takes focus and says what is erased and what is kept.
    const boton = fila.getByRole('button', { name: 'Resolver la cancelación' });
    await boton.focus();
    await pa.keyboard.press('Enter');
    const d = pa.getByRole('dialog');
    await d.getByText('NOM-004-SSA3', { exact: false }).waitFor();
    expect((await foco(pa)).enDialogo).toBe(true);
    await captura(pa, `dialogo-cancelacion-${nombre}`);
    await d.getByRole('button', { name: 'Cerrar la cuenta y cancelar sus datos' }).click();
    await pa.getByText(MSG_ARCO.resuelta).first().waitFor();
    await fila.waitFor({ state: 'detached' });
    await pa.getByText('No hay solicitudes pendientes').waitFor();

    // Under "Todas" it shows as resolved, with her data already anonymized.
    await pa.getByRole('button', { name: 'Todas' }).click();
    await pa.getByRole('listitem').filter({ hasText: 'Procedente' }).filter({ hasText: 'Borrado con la cancelación' }).first().waitFor();
    const login = await e.t.app.inject({
      method: 'POST',
      url: '/api/paciente/iniciar-sesion',
      payload: { email: pac.email, contrasena: CONTRASENA },
    });
    expect(login.statusCode).toBe(401);
  });
});
