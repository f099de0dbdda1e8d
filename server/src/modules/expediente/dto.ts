// Rows → API shapes (shared schemas). Encrypted columns are opened here, bound to their column.
import type { Aplicacion, Evolucion, Nota, Respuesta, Test, TestDetalle } from '@miduelo/shared/expediente';
import type { Cifrador } from '../../comun/cifrado';
import { rangoDePuntaje } from './puntuacion';
import type { FilaAplicacion, FilaEvolucion, TestCompleto } from './repo';
import type { FilaNota } from './repo-notas';
import { leerInterpretacion, leerPuntaje, leerRiesgo } from './resultado-cifrado';

export const COL_TITULO = 'nota.titulo';
export const COL_CONTENIDO = 'nota.contenido';
export const COL_RESPUESTA = 'respuesta_test.respuesta';

export function testDto(t: TestCompleto): Test {
  const rango = rangoDePuntaje(t);
  return {
    id_test: t.id_test,
    nombre: t.nombre,
    descripcion: t.descripcion,
    tipo_escala: t.tipo_escala,
    activo: t.activo,
    fecha_creacion: t.fecha_creacion.toISOString(),
    puntaje_minimo: rango.minimo,
    puntaje_maximo: rango.maximo,
    bandas_validadas: t.bandas_validadas,
    bandas: t.bandas.map((b) => ({ minimo: b.minimo, maximo: b.maximo, interpretacion: b.interpretacion, riesgo: b.riesgo })),
  };
}

export function testDetalleDto(t: TestCompleto): TestDetalle {
  return {
    ...testDto(t),
    preguntas: t.preguntas.map((p) => ({
      id_pregunta: p.id_pregunta,
      orden: p.orden,
      texto_pregunta: p.texto_pregunta,
      tipo_respuesta: p.tipo_respuesta,
    })),
  };
}

export function aplicacionDto(cif: Cifrador, f: FilaAplicacion): Aplicacion {
  const puntaje = leerPuntaje(cif, f.puntaje_total);
  return {
    id_aplicacion: f.id_aplicacion,
    id_test: f.id_test,
    id_paciente: f.id_paciente,
    test: { nombre: f.nombre_test, tipo_escala: f.tipo_escala },
    fecha: f.fecha.toISOString(),
    estado: f.estado,
    resultado:
      puntaje === null
        ? null
        : { puntaje_total: puntaje, interpretacion: leerInterpretacion(cif, f.interpretacion) ?? '', riesgo: leerRiesgo(cif, f.riesgo) },
  };
}

export function evolucionDto(cif: Cifrador, f: FilaEvolucion): Evolucion {
  return {
    id_aplicacion: f.id_aplicacion,
    id_test: f.id_test,
    fecha: f.fecha.toISOString(),
    nombre_test: f.nombre_test,
    puntaje: leerPuntaje(cif, f.puntaje) ?? 0,
    interpretacion: leerInterpretacion(cif, f.interpretacion) ?? '',
    riesgo: leerRiesgo(cif, f.riesgo),
  };
}

export function respuestaDto(
  cif: Cifrador,
  f: {
    id_pregunta: number;
    respuesta: string;
    orden: number;
    texto_pregunta: string;
    tipo_respuesta: Respuesta['pregunta']['tipo_respuesta'];
  },
): Respuesta {
  return {
    id_pregunta: f.id_pregunta,
    respuesta: cif.leer(f.respuesta, COL_RESPUESTA),
    pregunta: { id_pregunta: f.id_pregunta, orden: f.orden, texto_pregunta: f.texto_pregunta, tipo_respuesta: f.tipo_respuesta },
  };
}

export function notaDto(cif: Cifrador, f: FilaNota): Nota {
  return {
    id_nota: f.id_nota,
    id_paciente: f.id_paciente,
    titulo: cif.leer(f.titulo, COL_TITULO),
    contenido: cif.leer(f.contenido, COL_CONTENIDO),
    tipo: f.tipo,
    id_aplicacion: f.id_aplicacion,
    fecha_creacion: f.fecha_creacion.toISOString(),
    fecha_actualizacion: f.fecha_actualizacion.toISOString(),
    version: f.version,
  };
}
