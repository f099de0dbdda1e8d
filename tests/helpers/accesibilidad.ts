// The accessibility tests' tools (issue 53): axe-core run inside the page on WCAG 2.2 AA's rules,
// and what a keyboard user sees of focus. Type-only imports of playwright, so a skipped file loads
// nothing.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';

const requerir = createRequire(import.meta.url);
const FUENTE_AXE = readFileSync(requerir.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0, 2.1 and 2.2, levels A and AA (issue 53). */
export const ETIQUETAS_WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface Violacion {
  id: string;
  impacto: string | null;
  ayuda: string;
  nodos: string[];
}

interface AxeEnPagina {
  run(
    contexto: Document,
    o: object,
  ): Promise<{ violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }>;
}

/** The page's axe-core violations of WCAG 2.2 AA (injected through the debugger protocol, so the
 * page's Content-Security-Policy does not stop it). Colours are read once every finite CSS
 * transition and animation has ended: a button fading back from its loading state reads, half-way,
 * as low contrast that no user sees for more than 150 ms (an infinite one, a spinner, is not waited for). */
export async function violacionesAxe(page: Page): Promise<Violacion[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(FUENTE_AXE);
  return page.evaluate(async (etiquetas) => {
    const axe = (window as unknown as { axe: AxeEnPagina }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: etiquetas }, resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impacto: v.impact ?? null,
      ayuda: v.help,
      nodos: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  }, ETIQUETAS_WCAG);
}

/** With A11Y_CAPTURAS=<folder>, a screenshot of each screen checked (to look at what axe saw). */
export async function capturar(page: Page, nombre: string): Promise<void> {
  const carpeta = process.env.A11Y_CAPTURAS;
  if (!carpeta) return;
  const { width } = page.viewportSize() ?? { width: 0 };
  await page.screenshot({ path: `${carpeta}/${width}-${nombre.replace(/[^\p{L}\d]+/gu, '-')}.png` }).catch(() => {});
}

/** Only what issue 53 fails on: serious and critical violations. */
export const graves = (v: Violacion[]) => v.filter((x) => x.impacto === 'serious' || x.impacto === 'critical');

/** One line per violation, to read in a failure. */
export const resumen = (v: Violacion[]) => v.map((x) => `${x.impacto} ${x.id} (${x.nodos.length}): ${x.nodos.slice(0, 3).join(' | ')}`);

/** Describes the focused element (tag, accessible text) and whether a focus indicator is drawn:
 * an outline, a ring (box-shadow) or a border that differs from the unfocused state. */
export async function foco(page: Page): Promise<{ descripcion: string; visible: boolean; enDialogo: boolean; cuerpo: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { descripcion: 'body', visible: false, enDialogo: false, cuerpo: true };
    const s = getComputedStyle(el);
    const contorno = s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0;
    const anillo = s.boxShadow !== 'none' && s.boxShadow !== '';
    const r = el.getBoundingClientRect();
    const enPantalla = r.width > 0 && r.height > 0 && Number(s.opacity) > 0;
    const texto = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    return {
      descripcion: `${el.tagName.toLowerCase()} «${texto}»`,
      visible: enPantalla && (contorno || anillo),
      enDialogo: Boolean(el.closest('[role="dialog"],[role="alertdialog"],dialog')),
      cuerpo: false,
    };
  });
}

/** The focused element is `objetivo`. */
export const tieneFoco = (objetivo: Locator) => objetivo.evaluate((el) => el === document.activeElement);

/** Presses Tab (or Shift+Tab) until `objetivo` has focus (at most `max` presses), checking at every stop that
 * the focus is drawn; returns how many presses it took (0: it already had focus). */
export async function tabularHasta(page: Page, objetivo: Locator, max = 60, tecla: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<number> {
  const recorrido: string[] = [];
  if (await tieneFoco(objetivo).catch(() => false)) return 0;
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press(tecla);
    const f = await foco(page);
    recorrido.push(f.descripcion);
    if (!f.visible)
      throw new Error(`Foco sin indicador visible en ${f.descripcion} (Tab ${i}; antes: ${recorrido.slice(-6, -1).join(', ')})`);
    if (await objetivo.evaluate((el) => el === document.activeElement).catch(() => false)) return i;
  }
  throw new Error(`No se llegó con Tab en ${max} pulsaciones`);
}
