// Consent of patients (decision 146): the documents in force served to the registration form, the
// versions accepted recorded with the account, and a newer version asked at the next login. Since
// decision 367 the documents in force say that supervision can happen and how (decision 365); the
// versions are read from the API, never written here.
import { eq } from 'drizzle-orm';
import { MSG_CONSENTIMIENTO } from '@miduelo/shared/cuentas-consentimiento';
import { aceptacionConsentimiento } from '@miduelo/server/db/schema/consentimiento';
import { paciente } from '@miduelo/server/db/schema/cuentas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDePrueba, crearAppDePrueba, inyectarCon } from '../helpers/app';
import { publicarVersionNueva, versionesVigentes, type VersionesVigentes } from '../helpers/consentimiento';
import { CONTRASENA, crearPaciente, crearPsicologo, sesionPaciente, sesionPsicologo } from '../helpers/fabricas';

let t: AppDePrueba;
let vigentes: VersionesVigentes;
beforeAll(async () => {
  t = await crearAppDePrueba();
  vigentes = await versionesVigentes(t.app);
});
afterAll(() => t?.cerrar());

const llamar = (token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  token
    ? inyectarCon(t.app, token, { method, url, ...(payload ? { payload } : {}) })
    : t.app.inject({ method, url, ...(payload ? { payload } : {}) });
const iniciarSesion = (email: string) => llamar(undefined, 'POST', '/api/paciente/iniciar-sesion', { email, contrasena: CONTRASENA });
const registro = (o: object) => ({
  nombre: 'Irene',
  apellido_paterno: 'Consentida',
  apellido_materno: null,
  fecha_nacimiento: '1980-01-01',
  email: 'irene@prueba.mx',
  telefono: '5512121212',
  contrasena: 'Paciente#2025',
  ...o,
});

describe('consentimiento (decisión 146)', () => {
  it('textos vigentes servidos por la API; el registro guarda la aceptación de cada versión', async () => {
    const psi = await crearPsicologo(t.db);
    const docs = await llamar(undefined, 'GET', '/api/paciente/consentimientos/vigentes');
    expect(docs.statusCode).toBe(200);
    expect(docs.json().map((d: { tipo: string; version: number }) => [d.tipo, d.version])).toEqual([
      ['aviso_privacidad', vigentes.aviso_privacidad],
      ['consentimiento_informado', vigentes.consentimiento_informado],
    ]);
    expect(docs.json()[0].texto.length).toBeGreaterThan(200);

    const sin = await llamar(undefined, 'POST', '/api/paciente/registro', registro({ codigo_vinculacion: psi.codigo_vinculacion }));
    expect(sin.statusCode).toBe(400);
    expect(sin.json().errores?.consentimientos ?? sin.json().msg).toBe(MSG_CONSENTIMIENTO.obligatorio);
    // A form opened before the letter changed (the previous version), or a version never published.
    for (const version of [vigentes.consentimiento_informado - 1, vigentes.consentimiento_informado + 1]) {
      const vieja = await llamar(
        undefined,
        'POST',
        '/api/paciente/registro',
        registro({ codigo_vinculacion: psi.codigo_vinculacion, consentimientos: { ...vigentes, consentimiento_informado: version } }),
      );
      expect(vieja.statusCode, `versión ${version}`).toBe(409);
      expect(vieja.json().msg).toBe(MSG_CONSENTIMIENTO.desactualizado);
    }
    expect(await t.db.select().from(paciente).where(eq(paciente.email, 'irene@prueba.mx'))).toHaveLength(0);

    const ok = await llamar(
      undefined,
      'POST',
      '/api/paciente/registro',
      registro({ codigo_vinculacion: psi.codigo_vinculacion, consentimientos: vigentes }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    const [pac] = await t.db.select().from(paciente).where(eq(paciente.email, 'irene@prueba.mx'));
    const aceptadas = await t.db
      .select()
      .from(aceptacionConsentimiento)
      .where(eq(aceptacionConsentimiento.id_paciente, pac?.id_paciente ?? 0));
    expect(aceptadas.map((a) => [a.tipo, a.version]).sort()).toEqual([
      ['aviso_privacidad', vigentes.aviso_privacidad],
      ['consentimiento_informado', vigentes.consentimiento_informado],
    ]);

    // The file shows it to the patient's psychologist only.
    const ficha = await llamar(sesionPsicologo(t.app, psi), 'GET', `/api/psicologo/pacientes/${pac?.id_paciente}/consentimiento`);
    expect(ficha.statusCode).toBe(200);
    expect(ficha.json().map((e: { al_dia: boolean; version_aceptada: number }) => [e.al_dia, e.version_aceptada])).toEqual([
      [true, vigentes.aviso_privacidad],
      [true, vigentes.consentimiento_informado],
    ]);
    const otro = await crearPsicologo(t.db);
    expect(
      (await llamar(sesionPsicologo(t.app, otro), 'GET', `/api/psicologo/pacientes/${pac?.id_paciente}/consentimiento`)).statusCode,
    ).toBe(404);
  });

  it('la carta y el aviso vigentes dicen que puede haber supervisión, con motivo, 30 minutos y aviso al psicólogo', async () => {
    const docs: Array<{ tipo: string; texto: string }> = (await llamar(undefined, 'GET', '/api/paciente/consentimientos/vigentes')).json();
    const texto = (tipo: string) => docs.find((d) => d.tipo === tipo)?.texto ?? '';
    const carta = texto('consentimiento_informado');
    expect(carta).toMatch(/^Acepto recibir acompañamiento psicológico/);
    expect(carta).toContain('\n\nSupervisión. ');
    for (const dicho of [
      'solo cuando exista un motivo',
      'solo lectura, dura 30 minutos',
      'se avisa a mi psicólogo',
      'sin el texto de mis mensajes',
    ])
      expect(carta).toContain(dicho);
    const aviso = texto('aviso_privacidad');
    // Version 1 said administration saw only contact data: no longer true.
    expect(aviso).not.toContain('únicamente tus datos de contacto');
    for (const dicho of [
      'datos generales de tus conversaciones',
      'supervisión',
      'dura 30 minutos',
      'se avisa a tu psicólogo',
      'sin el texto de tus mensajes',
    ])
      expect(aviso).toContain(dicho);
    expect(aviso).toContain('derechos de acceso, rectificación, cancelación y oposición (ARCO)');
  });

  it('quien aceptó la versión 1 de ambos documentos debe aceptar la vigente en su siguiente inicio de sesión', async () => {
    const psi = await crearPsicologo(t.db);
    const pac = await crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
    // As registration recorded it before decision 367.
    await t.db.insert(aceptacionConsentimiento).values(
      (['aviso_privacidad', 'consentimiento_informado'] as const).map((tipo) => ({
        id_paciente: pac.id_paciente,
        tipo,
        version: 1,
        aceptadoEn: new Date(),
        ip: null,
      })),
    );
    const login = await iniciarSesion(pac.email);
    expect(login.statusCode).toBe(200);
    expect(login.json().consentimientos_pendientes).toEqual([
      { tipo: 'aviso_privacidad', version: vigentes.aviso_privacidad, titulo: 'Aviso de privacidad' },
      { tipo: 'consentimiento_informado', version: vigentes.consentimiento_informado, titulo: 'Carta de consentimiento informado' },
    ]);
    expect(vigentes.consentimiento_informado).toBeGreaterThan(1);

    const tk = sesionPaciente(t.app, pac);
    expect((await llamar(tk, 'POST', '/api/paciente/consentimientos', { tipo: 'consentimiento_informado', version: 1 })).statusCode).toBe(
      409,
    );
    for (const tipo of ['aviso_privacidad', 'consentimiento_informado'] as const) {
      const acepta = await llamar(tk, 'POST', '/api/paciente/consentimientos', { tipo, version: vigentes[tipo] });
      expect(acepta.statusCode, acepta.body).toBe(200);
    }
    expect((await iniciarSesion(pac.email)).json().consentimientos_pendientes).toEqual([]);
  });

  it('una versión nueva se pide en el siguiente inicio de sesión y se acepta por la API', async () => {
    const psi = await crearPsicologo(t.db);
    const pac = await crearPaciente(t.db, { id_psicologo: psi.id_psicologo });
    const tk = sesionPaciente(t.app, pac);
    for (const tipo of ['aviso_privacidad', 'consentimiento_informado'] as const)
      expect((await llamar(tk, 'POST', '/api/paciente/consentimientos', { tipo, version: vigentes[tipo] })).statusCode).toBe(200);
    expect((await iniciarSesion(pac.email)).json().consentimientos_pendientes).toEqual([]);

    const publicada = await publicarVersionNueva(t.db, { tipo: 'aviso_privacidad', titulo: 'Aviso de privacidad', texto: 'Versión nueva' });
    const nueva = publicada.version;
    expect(nueva).toBe(vigentes.aviso_privacidad + 1);
    try {
      const login2 = await iniciarSesion(pac.email);
      // Only the changed document is asked again.
      expect(login2.json().consentimientos_pendientes).toEqual([
        { tipo: 'aviso_privacidad', version: nueva, titulo: 'Aviso de privacidad' },
      ]);
      const ficha = (await llamar(sesionPsicologo(t.app, psi), 'GET', `/api/psicologo/pacientes/${pac.id_paciente}/consentimiento`)).json();
      expect(ficha.find((e: { tipo: string }) => e.tipo === 'aviso_privacidad')).toMatchObject({
        version_vigente: nueva,
        version_aceptada: vigentes.aviso_privacidad,
        al_dia: false,
      });
      const vieja = await llamar(tk, 'POST', '/api/paciente/consentimientos', {
        tipo: 'aviso_privacidad',
        version: vigentes.aviso_privacidad,
      });
      expect(vieja.statusCode).toBe(409);
      const acepta = await llamar(tk, 'POST', '/api/paciente/consentimientos', { tipo: 'aviso_privacidad', version: nueva });
      expect(acepta.statusCode, acepta.body).toBe(200);
      expect(acepta.json().estado.every((e: { al_dia: boolean }) => e.al_dia)).toBe(true);
      expect((await iniciarSesion(pac.email)).json().consentimientos_pendientes).toEqual([]);
    } finally {
      await publicada.retirar();
    }
  });
});
