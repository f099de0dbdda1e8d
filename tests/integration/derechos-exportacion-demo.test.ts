// The demo patient's export (issue 56, decision 376): Lucía's "Descargar mis datos" has something in
// every section a visitor would look at — consents, appointments, her conversation, diary, activities
// with evidence, forum posts — and the other demo patients' diaries and the other participants'
// forum names are not in it.
import { DEMO, sembrarDemo } from '@miduelo/server/db/seed';
import { ExportacionSchema } from '@miduelo/shared/derechos-exportacion';
import { unzipSync } from 'fflate';
import * as v from 'valibot';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
  await sembrarDemo(t.db, t.reloj.ahora(), t.app.demo.sembradores, async () => true);
});
afterAll(() => t.cerrar());

it('la exportación de la paciente de la demo tiene datos en cada sección y solo los suyos', async () => {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/paciente/iniciar-sesion',
    payload: { email: DEMO.paciente, contrasena: DEMO.contrasena },
  });
  expect(login.statusCode).toBe(200);
  const r = await inyectarCon(t.app, login.json().token, { method: 'GET', url: '/api/paciente/mis-datos/exportacion' });
  expect(r.statusCode).toBe(200);
  const zip = unzipSync(new Uint8Array(r.rawPayload));
  const d = v.parse(ExportacionSchema, JSON.parse(new TextDecoder().decode(zip['mis-datos.json'])));
  expect(d.perfil.email).toBe(DEMO.paciente);
  for (const seccion of [d.consentimientos, d.citas, d.conversaciones, d.diario, d.actividades, d.foros])
    expect(seccion.length).toBeGreaterThan(0);
  expect(d.diario.map((e) => e.nota)).toContain('Encontré su bufanda en el clóset.');
  expect(d.actividades.flatMap((a) => a.evidencias).length).toBeGreaterThan(0);
  expect(d.foros.map((p) => p.contenido)).toContain('Encontré un video con su voz. No me atrevo a verlo completo.');
  // Jorge's post in the same forums is not hers.
  expect(JSON.stringify(d)).not.toContain('¿Conocen algún grupo en Guadalajara?');
});
