// The audit log's own contract (decision 090): rows carry who, what, which patient, when and from
// where; written with the act's transaction, a failed act leaves no row and a failed row leaves no
// act (fail closed). The domains' tests check that each act writes its row.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditar, SISTEMA } from '@miduelo/server/comun/auditoria';
import { auditoria } from '@miduelo/server/db/schema/auditoria';
import { type AppDePrueba, crearAppDePrueba } from '../helpers/app';

let t: AppDePrueba;
beforeAll(async () => {
  t = await crearAppDePrueba();
});
afterAll(() => t.cerrar());

const actor = { tipo: 'psicologo' as const, id: 7, ip: '203.0.113.9' };

describe('auditoría', () => {
  it('guarda quién, qué, de qué paciente, cuándo y desde dónde', async () => {
    await auditar(t.db, actor, { accion: 'leer', recurso: 'nota', idRecurso: 41, idPaciente: 3, detalle: { tipo: 'general' } });
    const [fila] = await t.db.select().from(auditoria).where(sql`${auditoria.id_recurso} = '41'`);
    expect(fila).toMatchObject({
      actor_tipo: 'psicologo',
      actor_id: 7,
      accion: 'leer',
      recurso: 'nota',
      id_paciente: 3,
      ip: '203.0.113.9',
    });
    expect(fila?.detalle).toEqual({ tipo: 'general' });
    expect(Math.abs((fila?.fecha.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('una escritura que falla no deja fila, y una fila que no se puede escribir anula la escritura', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await auditar(tx, SISTEMA, { accion: 'crear', recurso: 'prueba-revertida' });
        throw new Error('falla a medias');
      }),
    ).rejects.toThrow('falla a medias');
    const revertidas = await t.db.select().from(auditoria).where(sql`${auditoria.recurso} = 'prueba-revertida'`);
    expect(revertidas).toHaveLength(0);

    await t.db.execute(sql`create table if not exists prueba_acto (id int)`);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into prueba_acto values (1)`);
        // an actor type the table refuses: the audit row cannot be written
        await auditar(tx, { tipo: 'intruso' as 'sistema', id: null, ip: null }, { accion: 'crear', recurso: 'prueba' });
      }),
    ).rejects.toThrow();
    const actos = await t.db.execute(sql`select count(*)::int as n from prueba_acto`);
    expect((actos as unknown as { rows?: { n: number }[] }).rows?.[0]?.n ?? (actos as unknown as { n: number }[])[0]?.n).toBe(0);
  });
});
