// What the patient app's browser tests share: documents accepted as the app would have them, and
// signing in through the app's own form.
import type { Db } from '@miduelo/server/db/client';
import { aceptacionConsentimiento, documentoConsentimiento } from '@miduelo/server/db/schema/consentimiento';
import type { Page } from 'playwright-core';
import { CONTRASENA } from './fabricas';

/** The patient has accepted the current version of every document (nothing left to accept at login). */
export async function aceptarVigentes(db: Db, idPaciente: number): Promise<void> {
  const docs = await db.select().from(documentoConsentimiento);
  const vigente = new Map<string, number>();
  for (const d of docs) vigente.set(d.tipo, Math.max(vigente.get(d.tipo) ?? 0, d.version));
  await db
    .insert(aceptacionConsentimiento)
    .values([...vigente].map(([tipo, version]) => ({ id_paciente: idPaciente, tipo, version, aceptadoEn: new Date(), ip: null })));
}

/** Signs in through /app/entrar and waits for Home. */
export async function entrarEnLaApp(page: Page, correo: string, contrasena = CONTRASENA): Promise<void> {
  await page.goto('/app');
  await page.waitForURL((u) => u.pathname === '/app/entrar');
  await page.getByLabel('Correo electrónico').fill(correo);
  await page.getByLabel('Contraseña').fill(contrasena);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByText('Tu próxima cita').waitFor();
}
