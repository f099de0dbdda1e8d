// The spec's own words for the texts the browser tests of issue 53 read through shared constants
// (tests/e2e/requisitos-*.test.ts): there a changed constant would change the screen and the test
// together; here each is held to the spec's text (decision 352). Where the product departs from the
// letter, the decision that says so is named.
import { mensajeCitasDuplicadas } from '@miduelo/shared/agenda';
import { etiquetaEscala, etiquetaLikert, TEXTOS_EXPEDIENTE } from '@miduelo/shared/expediente';
import { TEXTOS_ACTIVIDADES as TA } from '@miduelo/shared/actividades';
import { MSG } from '@miduelo/shared/cuentas';
import { TEXTOS_CUENTA, textoValidacionPendiente } from '@miduelo/shared/cuentas-textos-web';
import { TEXTOS_FOROS } from '@miduelo/shared/foros';
import { TEXTOS_PACIENTES } from '@miduelo/shared/pacientes';
import { describe, expect, it } from 'vitest';

describe('textos de la especificación que leen las pruebas de navegador', () => {
  it('cuentas (spec 1 §2, §5, §8)', () => {
    expect(TEXTOS_CUENTA.bienvenidoTitulo).toBe('Bienvenido');
    expect(TEXTOS_CUENTA.accesoLimitadoTitulo).toBe('Acceso Limitado');
    expect(TEXTOS_CUENTA.validacionPendienteTitulo).toBe('Validación Pendiente');
    expect(textoValidacionPendiente(3)).toBe('Tu cédula aún no ha sido validada. Te quedan 3 días de acceso completo.');
    expect(TEXTOS_CUENTA.cuentaNoActivadaTitulo).toBe('Cuenta No Activada');
    expect(TEXTOS_CUENTA.reenviarActivacionPregunta).toBe('¿Deseas que reenviemos el correo de activación?');
    expect(TEXTOS_CUENTA.correoEnviadoTitulo).toBe('Correo Enviado');
    expect(TEXTOS_CUENTA.activacionSinToken).toBe('Token de activación no válido');
    expect(TEXTOS_CUENTA.activacionError).toBe('Error al activar la cuenta');
    expect(TEXTOS_CUENTA.registroExitosoTitulo).toBe('Registro exitoso'); // its text: decision 355
    expect(MSG.recuperacionObligatorio).toBe('Por favor ingresa tu correo electrónico o teléfono');
    expect(MSG.recuperacionTelefono).toBe('Se ha enviado un correo de recuperación al email registrado con ese número telefónico.');
    expect(MSG.recuperacionCorreo).toBe('Si existe una cuenta con ese correo, recibirás instrucciones para recuperar tu contraseña.');
    expect(MSG.telefonoInvalido).toBe('El teléfono debe tener exactamente 10 dígitos');
  });

  it('pacientes, agenda y tests (spec 1 §2, §9)', () => {
    expect(TEXTOS_PACIENTES.listadoTitulo).toBe('Listado de Pacientes');
    expect(TEXTOS_PACIENTES.vacio).toBe('No hay pacientes registrados');
    expect(TEXTOS_PACIENTES.sinCita).toBe('Sin cita asignada');
    expect(mensajeCitasDuplicadas(2)).toMatch(/^Se crearon 2 citas/);
    expect(TEXTOS_EXPEDIENTE.subtabs.disponibles).toBe('Tests Disponibles');
    expect(TEXTOS_EXPEDIENTE.sinTests).toBe('No hay tests disponibles');
    expect(['likert_5', 'likert_7', 'si_no'].map(etiquetaEscala)).toEqual(['Escala 1-5', 'Escala 1-7', 'Sí/No']);
    expect([1, 2, 3, 4, 5, 6, 7].map((v) => etiquetaLikert(v, 7))).toEqual([
      'Muy en desacuerdo',
      null,
      null,
      'Neutral',
      null,
      null,
      'Muy de acuerdo',
    ]);
    expect([1, 3, 5].map((v) => etiquetaLikert(v, 5))).toEqual(['Muy en desacuerdo', 'Neutral', 'Muy de acuerdo']);
  });

  it('actividades y visor de evidencias (spec 2 §2)', () => {
    expect(TA.filtros).toBe('Filtros');
    expect(TA.buscarActividad).toBe('Título o descripción...');
    expect(TA.soloConEvidencia).toBe('Solo con evidencia');
    expect(TA.mostrando(2, 5)).toBe('Mostrando 2 de 5 actividades');
    expect(TA.limpiarFiltros).toBe('Limpiar filtros');
    expect(TA.sinActividades).toBe('No hay actividades asignadas');
    expect(TA.sinResultados).toBe('No se encontraron actividades');
    expect(TA.restablecerFiltros).toBe('Restablecer filtros');
    expect(TA.sinDescripcion).toBe('Sin descripción');
    expect(TA.sinEspecificar).toBe('Sin especificar');
    expect(TA.visorTitulo).toBe('Visualizador de Evidencia');
    expect(TA.abrirPestana).toBe('Abrir en nueva pestaña');
    expect(TA.descargar).toBe('Descargar');
    expect(TA.comentarioPaciente).toBe('Comentario del paciente:');
    expect([TA.errorImagen, TA.errorVideo, TA.errorAudio, TA.errorDocumento]).toEqual([
      'No se pudo cargar la imagen',
      'No se pudo cargar el video',
      'No se pudo cargar el audio',
      'No se pudo visualizar el documento',
    ]);
    expect(TA.evidenciasNoDisponibles).toBe('Evidencias no disponibles');
  });

  it('foros (spec 2 §2, §8)', () => {
    expect(TEXTOS_FOROS.sinForos).toBe('No hay foros disponibles');
    expect(TEXTOS_FOROS.errorCargar).toBe('No se pudieron cargar los foros');
    expect(TEXTOS_FOROS.sinInvitaciones).toBe('No tienes invitaciones');
    expect(TEXTOS_FOROS.creando).toBe('Creando...');
    expect(TEXTOS_FOROS.creado).toBe('Foro creado exitosamente');
  });
});
