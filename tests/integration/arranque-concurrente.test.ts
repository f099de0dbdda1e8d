// Two nodes starting together on one empty database with the demo seed: both start, one seeds.
import { buildApp } from '@miduelo/server/app';
import { mensajeDeArranque, prepararDatos } from '@miduelo/server/arranque';
import { leerConfig } from '@miduelo/server/config';
import { psicologo } from '@miduelo/server/db/schema/cuentas';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { SECRETO_PRUEBAS } from '../helpers/app';
import { crearBaseDePrueba } from '../helpers/base-datos';

const cerrar: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cerrar.reverse()) await c();
});

describe('arranque de varios nodos', () => {
  it('dos nodos con SEED_DEMO=1 sobre una base vacía arrancan los dos y solo uno siembra', async () => {
    const base = await crearBaseDePrueba();
    cerrar.push(() => base.cerrar());
    const nodo = async () => {
      const config = leerConfig(
        {
          SEED_DEMO: '1',
          LOG_LEVEL: 'silent',
          DATA_DIR: '/tmp/miduelo-pruebas',
          ADMIN_EMAIL: 'jefa@clinica.mx',
          ADMIN_PASSWORD: 'Admin#Segura1',
        },
        { jwtSecret: SECRETO_PRUEBAS },
      );
      const app = await buildApp({ config, db: base.handle.db, logger: false, mailer: { enviar: async () => {} } });
      await app.ready();
      cerrar.push(() => app.close());
      return { app, config };
    };
    const [a, b] = await Promise.all([nodo(), nodo()]);
    const r = await Promise.all([a, b].map(({ app, config }) => prepararDatos({ app, handle: base.handle, config })));
    expect(r.map((x) => x.sembrado).sort()).toEqual([false, true]);
    const correos = (await base.handle.db.select({ correo: psicologo.correo }).from(psicologo)).map((p) => p.correo);
    expect(correos.filter((c) => c === 'psicologa@miduelo.mx')).toHaveLength(1);
    expect(correos.filter((c) => c === 'jefa@clinica.mx')).toHaveLength(1);
  });

  it('el mensaje de un error de arranque no lleva los valores de la consulta', async () => {
    const base = await crearBaseDePrueba();
    cerrar.push(() => base.cerrar());
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0bw$secreto';
    const err = await base.handle.db.execute(sql`select ${hash}::int`).catch((e: unknown) => e);
    expect(String((err as Error).message)).toContain(hash);
    expect(mensajeDeArranque(err)).not.toContain(hash);
    expect(mensajeDeArranque(err)).toContain('base de datos');
  });
});
