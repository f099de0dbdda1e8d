// Property-based check of issue 52, findings 5 and 6 (decision 332): whatever name and declared type
// an upload carries, a stored evidence file is named with an extension of the type read from its
// bytes, downloads under that name and type, and is served inside a sandboxing CSP; a refused upload
// answers a Spanish message and stores nothing. FUZZ_RUNS (default 25) uploads per side.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asignarA, llamar, PNG, subir } from '../helpers/actividades';
import { crearPractica, INSTANTE_LUNES_9, type Practica } from '../helpers/agenda';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';
import { parametros, resumen, SEMILLA } from '../helpers/fuzz';
import { cuerpoJson, huellaTablas, problemaDeMensaje } from '../helpers/sondeo';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> >> endobj\n%%EOF\n',
  'latin1',
);
const COLA = Buffer.from('<html><script>alert(document.cookie)</script></html>');

/** Bytes whose signature says one type, and the extensions that type is known by. */
const CONTENIDOS = [
  { bytes: PNG, mime: 'image/png', exts: ['png'] },
  { bytes: Buffer.concat([PNG, COLA]), mime: 'image/png', exts: ['png'] },
  { bytes: PDF, mime: 'application/pdf', exts: ['pdf'] },
  { bytes: Buffer.concat([PDF, COLA]), mime: 'application/pdf', exts: ['pdf'] },
];

const nombre = fc
  .tuple(
    fc.oneof(fc.constantFrom('poly', 'foto de mamá', 'recuerdo', '..', 'a.b.c', ' '), fc.string({ minLength: 1, maxLength: 12 })),
    fc.constantFrom(
      'html',
      'HTML',
      'htm',
      'svg',
      'js',
      'exe',
      'php',
      'pdf',
      'png',
      'jpg',
      'mp3',
      'txt',
      'html.png',
      'png.html',
      'htmlx',
      '',
    ),
  )
  .map(([raiz, ext]) => (ext ? `${raiz}.${ext}` : raiz));

const declarado = fc.constantFrom(
  'text/html',
  'image/svg+xml',
  'application/javascript',
  'image/png',
  'application/pdf',
  'application/octet-stream',
);

let t: AppDePrueba;
let p: Practica;
beforeAll(async () => {
  t = await crearAppDePrueba({ config: { registrosClinicosPorMinuto: 1_000_000 } });
  t.reloj.fijar(INSTANTE_LUNES_9);
  p = await crearPractica(t, 1);
});
afterAll(() => t?.cerrar());

const nombreDescargado = (cd: string | undefined) => /filename="([^"]*)"/.exec(cd ?? '')?.[1] ?? '';

describe(`evidencias con nombre y tipo arbitrarios (semilla ${SEMILLA})`, () => {
  const lados = [
    { lado: 'paciente', url: (id: number) => `/api/paciente/actividades/${id}/evidencias`, token: () => p.tokensPacientes[0] },
    { lado: 'psicólogo', url: (id: number) => `/api/psicologo/actividades/asignadas/${id}/evidencia`, token: () => p.token },
  ];
  it.each(lados.map((l) => [l.lado, l] as const))(
    '%s: el nombre guardado y el descargado siguen al tipo detectado',
    async (_l, lado) => {
      const [a] = await asignarA(t, p);
      let guardadas = 0;
      try {
        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...CONTENIDOS), nombre, declarado, async (c, n, tipo) => {
            const antes = await huellaTablas(t);
            const r = await subir(t, lado.token(), lado.url(a.id_asignacion), [
              { campo: 'visible_para_psicologo', valor: 'true' },
              { campo: 'archivo', archivo: c.bytes, nombre: n, tipo },
            ]);
            const visto = `${n} (${tipo}, ${c.mime}) → ${r.statusCode} ${r.body.slice(0, 200)}`;
            if (r.statusCode >= 500) throw new Error(`5xx: ${visto}`);
            if (r.statusCode >= 300) {
              const problema = problemaDeMensaje(cuerpoJson(r)?.msg);
              if (problema) throw new Error(`${problema}: ${visto}`);
              if (JSON.stringify(await huellaTablas(t)) !== JSON.stringify(antes)) throw new Error(`escritura parcial: ${visto}`);
              return;
            }
            guardadas++;
            const ev = r.json() as { id_evidencia: number; nombre_archivo: string; mime: string };
            const ext = (s: string) => s.slice(s.lastIndexOf('.') + 1).toLowerCase();
            if (ev.mime !== c.mime || !c.exts.includes(ext(ev.nombre_archivo)))
              throw new Error(`guardado como ${ev.nombre_archivo} ${ev.mime}: ${visto}`);
            const base = lado.lado === 'paciente' ? '/api/paciente' : '/api/psicologo';
            for (const descargar of ['?descargar=1', '']) {
              const d = await llamar(t, lado.token()).get(`${base}/evidencias/${ev.id_evidencia}/archivo${descargar}`);
              if (d.statusCode !== 200) throw new Error(`descarga ${d.statusCode}: ${visto}`);
              if (!c.exts.includes(ext(nombreDescargado(d.headers['content-disposition'] as string))))
                throw new Error(`descargado como ${d.headers['content-disposition']}: ${visto}`);
              if (!String(d.headers['content-type']).startsWith(c.mime))
                throw new Error(`servido como ${d.headers['content-type']}: ${visto}`);
              if (!/\bsandbox\b/.test(String(d.headers['content-security-policy']))) throw new Error(`sin sandbox: ${visto}`);
            }
          }),
          parametros(),
        );
      } catch (err) {
        expect.fail(`${lado.lado}: ${resumen(err)} (semilla ${SEMILLA})`);
      }
      expect(guardadas).toBeGreaterThan(0);
    },
    120_000,
  );
});
