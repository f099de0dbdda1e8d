// Volume limits of clinical records and uploads (issue 52 finding 7, decision 334): per-account
// rates on applying a test, clinical notes, diary entries and evidence uploads (both sides), and a
// per-patient storage quota for evidence files, checked under the patient's upload lock.
import { CUOTA_EVIDENCIAS_BYTES, MSG_LIMITES, REGISTROS_POR_MINUTO } from '@miduelo/shared/limites-de-volumen';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { archivosGuardados, asignarA, llamar, PNG, subir, usarAppDeActividades } from '../helpers/actividades';
import { api, aplicar, filasSql, testPorNombre } from '../helpers/expediente';

const c = usarAppDeActividades();
const pac = () => llamar(c.t, c.p.tokensPacientes[0]);
const psi = () => llamar(c.t, c.p.token);
const idPac = () => c.p.pacientes[0].id_paciente;

async function contar(tabla: string): Promise<number> {
  const [f] = await filasSql<{ n: number }>(c.t, sql`select count(*)::int as n from ${sql.identifier(tabla)}`);
  return f.n;
}

/** The (N+1)th request is 429 with the Spanish message, a Retry-After and no row. */
async function pasadoElLimite(n: number, tabla: string, hacer: (i: number) => Promise<LightMyRequestResponse>) {
  const antes = await contar(tabla);
  for (let i = 0; i < n; i++) {
    const r = await hacer(i);
    expect(r.statusCode, r.body).toBe(201);
  }
  expect(await contar(tabla)).toBe(antes + n);
  const r = await hacer(n);
  expect(r.statusCode, r.body).toBe(429);
  const cuerpo = r.json() as { code: string; msg: string };
  expect(cuerpo.code).toBe('DEMASIADOS_REGISTROS');
  expect(cuerpo.msg).toMatch(/^Se alcanzó el límite de registros por minuto\. Espera \d+ segundos/);
  expect(cuerpo.msg).toBe(MSG_LIMITES.demasiadosRegistros(Number(r.headers['retry-after'])));
  expect(await contar(tabla)).toBe(antes + n);
}

const subirPng = (token: string, url: string, nombre = 'dibujo.png') =>
  subir(c.t, token, url, [{ campo: 'archivo', archivo: PNG, nombre, tipo: 'image/png' }]);

describe('límites por cuenta y minuto', () => {
  it('el paciente: la entrada de diario 31 en un minuto es 429 y no se guarda', async () => {
    await pasadoElLimite(REGISTROS_POR_MINUTO, 'diario_emocion', () =>
      pac().post('/api/paciente/diario', { emocion: 'Calma', intensidad: 4 }),
    );
    // Another patient is not affected.
    const otro = await llamar(c.t, c.p.tokensPacientes[1]).post('/api/paciente/diario', { emocion: 'Calma', intensidad: 4 });
    expect(otro.statusCode).toBe(201);
  });

  it('el psicólogo: la aplicación de test 31 en un minuto es 429 y no se guarda', async () => {
    const a = api(c.t, c.p.token);
    const itrd = await testPorNombre(a, 'ITRD');
    await pasadoElLimite(REGISTROS_POR_MINUTO, 'aplicacion_test', () => aplicar(a, itrd, idPac(), () => 3));
  });

  it('el psicólogo: la nota clínica 31 en un minuto es 429 y no se guarda', async () => {
    await pasadoElLimite(REGISTROS_POR_MINUTO, 'nota', (i) =>
      psi().post('/api/psicologo/notas', { id_paciente: idPac(), titulo: `Sesión ${i}`, contenido: 'Avanza en su proceso.' }),
    );
  });

  it('evidencias del paciente y del psicólogo: la subida 31 en un minuto es 429, sin fila ni archivo', async () => {
    const [as] = await asignarA(c.t, c.p);
    await pasadoElLimite(REGISTROS_POR_MINUTO, 'evidencia', () =>
      subirPng(c.p.tokensPacientes[0], `/api/paciente/actividades/${as.id_asignacion}/evidencias`),
    );
    expect(archivosGuardados(c.dataDir)).toHaveLength(await contar('evidencia'));
    // The psychologist's own count is apart from the patient's.
    await pasadoElLimite(REGISTROS_POR_MINUTO, 'evidencia', () =>
      subirPng(c.p.token, `/api/psicologo/actividades/asignadas/${as.id_asignacion}/evidencia`),
    );
    expect(archivosGuardados(c.dataDir)).toHaveLength(await contar('evidencia'));
  });
});

describe('cuota de almacenamiento por paciente', () => {
  const mensaje = MSG_LIMITES.cuotaEvidencias(Math.round(CUOTA_EVIDENCIAS_BYTES / 1024 / 1024));

  /** Records `bytes` of earlier evidence of the patient on the assignment (a file's row, no file). */
  async function ocupar(idAsignacion: number, bytes: number) {
    await c.t.db.execute(
      sql`insert into evidencia (id_asignacion, subida_por, clave, mime, tamano, tipo_archivo)
          values (${idAsignacion}, 'paciente', ${`cuota-${idAsignacion}-${bytes}`}, 'image/png', ${bytes}, 'imagen')`,
    );
  }

  it('una subida que pasaría la cuota se rechaza (413), sin fila ni archivo; lo que cabe se guarda', async () => {
    const [as] = await asignarA(c.t, c.p);
    await ocupar(as.id_asignacion, CUOTA_EVIDENCIAS_BYTES - PNG.length);
    const filas = await contar('evidencia');
    const archivos = archivosGuardados(c.dataDir).length;
    // Exactly to the quota: stored.
    const cabe = await subirPng(c.p.tokensPacientes[0], `/api/paciente/actividades/${as.id_asignacion}/evidencias`);
    expect(cabe.statusCode, cabe.body).toBe(201);
    // One byte more, from either side and on any assignment of the patient: refused, nothing stored.
    const [otra] = await asignarA(c.t, c.p);
    for (const [token, url] of [
      [c.p.tokensPacientes[0], `/api/paciente/actividades/${otra.id_asignacion}/evidencias`],
      [c.p.token, `/api/psicologo/actividades/asignadas/${as.id_asignacion}/evidencia`],
    ] as const) {
      const r = await subirPng(token, url);
      expect(r.statusCode, r.body).toBe(413);
      expect(r.json()).toMatchObject({ code: 'CUOTA_EVIDENCIAS_ALCANZADA', msg: mensaje, mensaje });
    }
    expect(await contar('evidencia')).toBe(filas + 1);
    expect(archivosGuardados(c.dataDir)).toHaveLength(archivos + 1);
    // A link takes no space: still accepted.
    const enlace = await subir(c.t, c.p.tokensPacientes[0], `/api/paciente/actividades/${as.id_asignacion}/evidencias`, [
      { campo: 'url', valor: 'https://www.youtube.com/watch?v=abc' },
    ]);
    expect(enlace.statusCode, enlace.body).toBe(201);
    // Another patient's quota is their own.
    const [deOtro] = await asignarA(c.t, c.p, { pacientes: [c.p.pacientes[1].id_paciente] });
    const r = await subirPng(c.p.tokensPacientes[1], `/api/paciente/actividades/${deOtro.id_asignacion}/evidencias`);
    expect(r.statusCode, r.body).toBe(201);
  });

  it('subidas concurrentes a varias asignaciones no pasan la cuota: cabe una, las demás 413 sin archivo', async () => {
    const asignaciones = [...(await asignarA(c.t, c.p)), ...(await asignarA(c.t, c.p)), ...(await asignarA(c.t, c.p))];
    await ocupar(asignaciones[0].id_asignacion, CUOTA_EVIDENCIAS_BYTES - PNG.length - 10);
    const filas = await contar('evidencia');
    const archivos = archivosGuardados(c.dataDir).length;
    const rs = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        subirPng(c.p.tokensPacientes[0], `/api/paciente/actividades/${asignaciones[i % 3].id_asignacion}/evidencias`),
      ),
    );
    expect(rs.map((r) => r.statusCode).sort()).toEqual([201, 413, 413, 413, 413, 413]);
    expect(await contar('evidencia')).toBe(filas + 1);
    expect(archivosGuardados(c.dataDir)).toHaveLength(archivos + 1);
  });
});
