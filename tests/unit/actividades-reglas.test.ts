// The pure rules of activities both sides use (spec 2 §4, §5): progress colour thresholds, module
// and overall progress, excerpts, evidence type resolution, and the Actividades tab's search, filters
// and sort weights.
import type { Asignacion } from '@miduelo/shared/actividades';
import {
  colorProgreso,
  extracto,
  progresoGeneral,
  progresoModulo,
  resolverTipoEvidencia,
  urlIncrustada,
} from '@miduelo/shared/actividades';
import { describe, expect, it } from 'vitest';
import { coincidePaciente, contar, FILTROS_INICIALES, filtrar, filtrarCatalogo } from '@/features/actividades/reglas';

const asig = (o: Partial<Asignacion> & { titulo?: string; descripcion?: string | null }): Asignacion => ({
  id_asignacion: Math.floor(Math.random() * 1e6),
  id_actividad: 1,
  id_paciente: 1,
  estado: 'en_proceso',
  prioridad: 'media',
  fecha_asignacion: '2027-03-01T00:00:00Z',
  fecha_limite: null,
  fecha_completada: null,
  instrucciones_personalizadas: null,
  visible_para_psicologo: false,
  revisada_en: null,
  version: 1,
  evidencias: [],
  total_evidencias: 0,
  actividad: {
    titulo: o.titulo ?? 'Actividad',
    descripcion: o.descripcion ?? null,
    tipo: 'Otro',
    origen: 'personalizada',
    etapa_duelo: null,
    obligatoria: false,
    repetitiva: false,
    periodo: null,
    archivo_url: null,
  },
  ...o,
});

describe('progreso', () => {
  it('colores: < 30 peligro, < 70 aviso, si no éxito', () => {
    expect([0, 29, 30, 69, 70, 100].map(colorProgreso)).toEqual(['danger', 'danger', 'warning', 'warning', 'success', 'success']);
  });
  it('módulo = completadas / total redondeado; general = promedio redondeado (0 sin módulos)', () => {
    expect(progresoModulo(1, 3)).toBe(33);
    expect(progresoModulo(0, 0)).toBe(0);
    expect(progresoGeneral([25, 50, 0, 0, 0])).toBe(15);
    expect(progresoGeneral([])).toBe(0);
  });
  it('extractos de 100 y 80 caracteres más "..."', () => {
    expect(extracto('a'.repeat(101), 100)).toBe(`${'a'.repeat(100)}...`);
    expect(extracto('a'.repeat(80), 80)).toBe('a'.repeat(80));
  });
});

describe('tipo de evidencia (spec 2 §4)', () => {
  it.each([
    ['https://x.mx/a.JPG', 'imagen'],
    ['https://x.mx/a.svg', 'imagen'],
    ['https://x.mx/a.mov?x=1', 'video'],
    ['https://youtu.be/abc', 'video'],
    ['https://vimeo.com/123', 'video'],
    ['https://x.mx/a.m4a', 'audio'],
    ['https://x.mx/a.ogg', 'video'],
    ['https://x.mx/a.docx', 'documento'],
    ['https://docs.google.com/document/d/1', 'documento'],
    ['https://x.mx/pagina', 'otro'],
  ])('%s → %s', (url, tipo) => {
    expect(resolverTipoEvidencia(url)).toBe(tipo);
  });
  it('el tipo declarado manda', () => {
    expect(resolverTipoEvidencia('https://x.mx/pagina', 'audio')).toBe('audio');
  });
  it('YouTube y Vimeo se incrustan', () => {
    expect(urlIncrustada('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(urlIncrustada('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(urlIncrustada('https://x.mx/v.mp4')).toBeNull();
  });
});

describe('pestaña Actividades', () => {
  const lista = [
    asig({ titulo: 'Carta', prioridad: 'baja', fecha_limite: '2027-03-05' }),
    asig({ titulo: 'Árbol', prioridad: 'alta', fecha_limite: null, estado: 'finalizada', total_evidencias: 2 }),
    asig({ titulo: 'Baile', prioridad: 'media', fecha_limite: '2027-04-01', instrucciones_personalizadas: 'Con tu HERMANA' }),
  ];
  it('fecha límite: las más lejanas primero y sin fecha al final', () => {
    expect(filtrar(lista, FILTROS_INICIALES).map((a) => a.actividad.titulo)).toEqual(['Baile', 'Carta', 'Árbol']);
  });
  it('prioridad: alta 3, media 2, baja 1', () => {
    expect(filtrar(lista, { ...FILTROS_INICIALES, orden: 'prioridad' }).map((a) => a.prioridad)).toEqual(['alta', 'media', 'baja']);
  });
  it('a igual criterio, el orden del servidor: la asignación más reciente primero, la de id mayor si empatan', () => {
    const empatadas = [
      asig({ id_asignacion: 7, titulo: 'Carta', fecha_asignacion: '2027-03-02T10:00:00.000Z' }),
      asig({ id_asignacion: 5, titulo: 'Carta', fecha_asignacion: '2027-03-01T10:00:00.000Z' }),
      asig({ id_asignacion: 9, titulo: 'Carta', fecha_asignacion: '2027-03-02T10:00:00.000Z' }),
    ];
    // Whatever order the live list holds them in (a changed row used to come last).
    for (const entrada of [empatadas, [...empatadas].reverse()]) {
      for (const orden of ['fecha_limite', 'prioridad', 'titulo'] as const) {
        expect(filtrar(entrada, { ...FILTROS_INICIALES, orden }).map((a) => a.id_asignacion)).toEqual([9, 7, 5]);
      }
    }
  });
  it('busca en título, descripción e instrucciones sin distinguir mayúsculas; filtros y conteos', () => {
    expect(filtrar(lista, { ...FILTROS_INICIALES, texto: 'hermana' }).map((a) => a.actividad.titulo)).toEqual(['Baile']);
    expect(filtrar(lista, { ...FILTROS_INICIALES, soloConEvidencia: true })).toHaveLength(1);
    expect(filtrar(lista, { ...FILTROS_INICIALES, estado: 'finalizada', prioridad: 'alta' })).toHaveLength(1);
    expect(contar(lista)).toEqual({ total: 3, enProceso: 2, finalizadas: 1, conEvidencia: 1 });
  });
  it('catálogo: busca en título, descripción o tipo; filtros todas/obligatorias/personalizadas/modulo', () => {
    const cat = [
      { titulo: 'Meditar', descripcion: null, tipo: 'Mindfulness', obligatoria: true, origen: 'personalizada' },
      { titulo: 'Carta', descripcion: 'escribir', tipo: 'Escritura terapéutica', obligatoria: false, origen: 'modulo' },
    ];
    expect(filtrarCatalogo(cat, 'MINDFUL', 'todas')).toHaveLength(1);
    expect(filtrarCatalogo(cat, '', 'obligatorias').map((x) => x.titulo)).toEqual(['Meditar']);
    expect(filtrarCatalogo(cat, '', 'modulo').map((x) => x.titulo)).toEqual(['Carta']);
    expect(filtrarCatalogo(cat, 'ESCRIB', 'personalizadas')).toHaveLength(0);
  });
  it('pacientes: nombre, apellidos o correo', () => {
    const p = { nombre: 'Lucía', apellido_paterno: 'Ramírez', apellido_materno: 'Ortega', email: 'lucia@x.mx' };
    expect(['ortega', 'LUCIA@', 'ramír'].map((t) => coincidePaciente(p, t))).toEqual([true, true, true]);
    expect(coincidePaciente(p, 'pérez')).toBe(false);
  });
});
