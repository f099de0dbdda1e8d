// The 'Visualizador de Evidencia' of spec 2 §2 (issue 53): YouTube and Vimeo embedded, a native
// player for other video, audio, a document in a frame, an external-link card with 'Abrir en nueva
// pestaña', 'Descargar' and the URL, each load failure with its own text and a download, and the
// patient's comment. The links' hosts are answered by the test (no network), held first so that
// what shows while loading can be seen, then failed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEXTOS_ACTIVIDADES as TA } from '@miduelo/shared/actividades';
import type { Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asignarA, subir } from '../helpers/actividades';
import { crearPractica, type Practica } from '../helpers/agenda';
import type { E2E } from '../helpers/e2e';
import { debeOmitirE2E } from '../helpers/navegador';

const omitir = debeOmitirE2E();
let e: E2E;
let p: Practica;
let page: Page;
let panel: Locator;
/** The row of the activity whose panel the tests open (focus goes back to it). */
let fila: Locator;
let dataDir: string;

const HOST = 'https://recursos.ejemplo.mx';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EVIDENCIAS = {
  youtube: 'https://www.youtube.com/watch?v=inpok4MKVLM',
  vimeo: 'https://vimeo.com/76979871',
  video: `${HOST}/paseo-del-domingo.mp4`,
  audio: `${HOST}/nota-de-voz.mp3`,
  imagen: `${HOST}/foto-del-jardin.png`,
  documento: 'https://docs.google.com/document/d/1carta-a-mama/preview',
  'pdf ajeno': `${HOST}/carta-a-mama.pdf`,
  enlace: 'https://es.wikipedia.org/wiki/Duelo',
} as const;
const comentario = (clave: string) => `Evidencia de prueba: ${clave}`;

/** Requests to the links' host wait in line until `fallar()` answers them (and later ones) with 404. */
const retenidas: Route[] = [];
let fallando = false;
async function fallar() {
  fallando = true;
  for (const r of retenidas.splice(0)) await r.fulfill({ status: 404, body: '' }).catch(() => {});
}

async function abrirVisor(clave: string): Promise<Locator> {
  await panel
    .getByRole('listitem')
    .filter({ hasText: comentario(clave) })
    .getByRole('button', { name: TA.verEvidencia })
    .click();
  const visor = page.getByRole('dialog', { name: TA.visorTitulo });
  await visor.waitFor();
  // The patient's comment, under its heading, in every case.
  await visor.getByText(TA.comentarioPaciente).waitFor();
  await visor.getByText(comentario(clave), { exact: true }).waitFor();
  return visor;
}

async function cerrarVisor(visor: Locator) {
  // The close button, not Escape: with a frame in the viewer the key may go to the frame.
  await visor.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await visor.waitFor({ state: 'detached' });
  fallando = false;
}

describe.skipIf(omitir)('visor de evidencias (spec 2 §2)', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'miduelo-visor-'));
    const { iniciarE2E } = await import('../helpers/e2e');
    e = await iniciarE2E({ env: { DATA_DIR: dataDir } });
    p = await crearPractica(e.t, 1);
    const [a] = await asignarA(e.t, p);
    const subirUna = async (clave: string, parte: Parameters<typeof subir>[3][number]) => {
      const r = await subir(e.t, p.tokensPacientes[0], `/api/paciente/actividades/${a.id_asignacion}/evidencias`, [
        { campo: 'comentario', valor: comentario(clave) },
        { campo: 'visible_para_psicologo', valor: 'true' },
        parte,
      ]);
      expect(r.statusCode, r.body).toBe(201);
    };
    for (const [clave, url] of Object.entries(EVIDENCIAS)) await subirUna(clave, { campo: 'url', valor: url });
    await subirUna('archivo pdf', { campo: 'archivo', archivo: PDF, nombre: 'carta.pdf', tipo: 'application/pdf' });

    page = await e.paginaConSesion(p.token, `/paciente/${p.pacientes[0].id_paciente}`);
    page.setDefaultTimeout(10_000);
    await page.route(`${HOST}/**`, async (route) => {
      if (fallando) await route.fulfill({ status: 404, body: '' });
      else retenidas.push(route);
    });
    const vacia = { status: 200, contentType: 'text/html', body: '<!doctype html><title>reproductor</title>' };
    await page.route('https://www.youtube-nocookie.com/**', (r) => r.fulfill(vacia));
    await page.route('https://player.vimeo.com/**', (r) => r.fulfill(vacia));
    await page.getByRole('tab', { name: 'Actividades' }).click();
    fila = page.locator(`[data-asignacion="${a.id_asignacion}"]`);
    await fila.getByText('9 evidencia(s)').waitFor();
    await fila.getByRole('button').first().click();
    panel = page.getByRole('dialog').first();
    await panel.getByText(comentario('archivo pdf')).waitFor();
  });
  afterAll(async () => {
    await e?.cerrar();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('YouTube y Vimeo se ven incrustados en su reproductor', async () => {
    for (const [clave, incrustada] of [
      ['youtube', 'https://www.youtube-nocookie.com/embed/inpok4MKVLM'],
      ['vimeo', 'https://player.vimeo.com/video/76979871'],
    ]) {
      const visor = await abrirVisor(clave);
      const marco = visor.locator('iframe[title="Video de la evidencia"]');
      expect(await marco.getAttribute('src'), clave).toBe(incrustada);
      expect(await visor.locator('video').count()).toBe(0);
      await cerrarVisor(visor);
    }
  });

  it('otro video, audio e imagen: reproductor nativo mientras carga; si no carga, su texto y Descargar', async () => {
    for (const [clave, selector, fallo] of [
      ['video', 'video[controls]', TA.errorVideo],
      ['audio', 'audio[controls]', TA.errorAudio],
      ['imagen', 'img[alt="Evidencia del paciente"]', TA.errorImagen],
    ] as const) {
      const visor = await abrirVisor(clave);
      const medio = visor.locator(selector);
      await medio.waitFor({ state: 'attached' });
      expect(await medio.getAttribute('src'), clave).toBe(EVIDENCIAS[clave]);
      expect(await visor.getByText(fallo).count()).toBe(0);
      await fallar();
      await visor.getByText(fallo, { exact: true }).waitFor();
      expect(await visor.locator(selector).count(), clave).toBe(0);
      await visor.getByRole('button', { name: TA.descargar }).waitFor();
      await cerrarVisor(visor);
    }
    expect(TA.errorVideo).toBe('No se pudo cargar el video');
    expect(TA.errorAudio).toBe('No se pudo cargar el audio');
    expect(TA.errorImagen).toBe('No se pudo cargar la imagen');
  });

  it('un documento va en un marco; el archivo que no se puede leer dice «No se pudo visualizar el documento» con Descargar', async () => {
    const enlace = await abrirVisor('documento');
    expect(await enlace.locator('iframe[title="Documento de la evidencia"]').getAttribute('src')).toBe(EVIDENCIAS.documento);
    await cerrarVisor(enlace);

    // A document on a site the page's CSP does not let us frame: the link, not an empty frame.
    const ajeno = await abrirVisor('pdf ajeno');
    await ajeno.getByText('Enlace externo').waitFor();
    expect(await ajeno.getByRole('link', { name: TA.abrirPestana }).getAttribute('href')).toBe(EVIDENCIAS['pdf ajeno']);
    expect(await ajeno.locator('iframe').count()).toBe(0);
    await cerrarVisor(ajeno);

    // The uploaded PDF is read through the authorized route: shown in a frame when it arrives…
    const visor = await abrirVisor('archivo pdf');
    expect(await visor.locator('iframe[title="Documento de la evidencia"]').getAttribute('src')).toMatch(/^blob:/);
    await cerrarVisor(visor);
    // …and when that read fails, the document's own failure text.
    await page.route('**/api/psicologo/evidencias/*/archivo', (r) => r.fulfill({ status: 500, body: '' }));
    const fallido = await abrirVisor('archivo pdf');
    await fallido.getByText(TA.errorDocumento, { exact: true }).waitFor();
    expect(TA.errorDocumento).toBe('No se pudo visualizar el documento');
    expect(await fallido.locator('iframe').count()).toBe(0);
    await fallido.getByRole('button', { name: TA.descargar }).waitFor();
    await cerrarVisor(fallido);
    await page.unroute('**/api/psicologo/evidencias/*/archivo');
  });

  it('cualquier otro enlace: una tarjeta con la URL, «Abrir en nueva pestaña» y Descargar', async () => {
    const visor = await abrirVisor('enlace');
    await visor.getByText('Enlace externo').waitFor();
    await visor.getByText(EVIDENCIAS.enlace, { exact: true }).waitFor();
    const abrir = visor.getByRole('link', { name: TA.abrirPestana });
    expect(await abrir.getAttribute('href')).toBe(EVIDENCIAS.enlace);
    expect(await abrir.getAttribute('target')).toBe('_blank');
    await visor.getByRole('button', { name: TA.descargar }).waitFor();
    expect(await visor.locator('iframe, img, video, audio').count()).toBe(0);
    await cerrarVisor(visor);
  });

  it('cerrar el panel de la actividad devuelve el foco al botón de su fila (decisión 343)', async () => {
    const abrir = fila.getByRole('button').first();
    await panel.getByRole('button', { name: TA.verEvidencia }).first().focus();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => abrir.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
