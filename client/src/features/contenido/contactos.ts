// Support contacts shown on /contactos-de-apoyo (spec 1 §1). Only public, verifiable services:
// every entry names the institution that runs it. Do not add a number without its source.

export type GrupoContacto = 'urgencia' | 'cdmx' | 'centros' | 'profesionales';

export interface ContactoApoyo {
  nombre: string;
  descripcion: string;
  /** As dialled; several numbers are separated by ' o '. */
  telefono?: string;
  horario?: string;
  /** Institution that runs the service. */
  fuente: string;
  ciudad?: string;
  grupo: GrupoContacto;
}

export const GRUPOS_CONTACTO: Record<GrupoContacto, { titulo: string; descripcion: string }> = {
  urgencia: {
    titulo: 'Si necesitas ayuda ahora',
    descripcion: 'Líneas nacionales, gratuitas y confidenciales, que atienden a cualquier hora.',
  },
  cdmx: {
    titulo: 'Ciudad de México',
    descripcion: 'Servicios de apoyo emocional y orientación de la capital.',
  },
  centros: {
    titulo: 'Centros públicos de salud mental',
    descripcion: 'Instituciones públicas donde puedes recibir atención psicológica y psiquiátrica.',
  },
  profesionales: {
    titulo: 'Psicólogos recomendados',
    descripcion: 'Acompañamiento profesional continuo para el proceso de duelo.',
  },
};

export const CONTACTOS_APOYO: ContactoApoyo[] = [
  {
    grupo: 'urgencia',
    nombre: 'Emergencias 911',
    descripcion: 'Número único de emergencias en todo el país. Llama si tu vida o la de otra persona está en peligro inmediato.',
    telefono: '911',
    horario: '24 horas, todos los días',
    fuente: 'Secretariado Ejecutivo del Sistema Nacional de Seguridad Pública',
  },
  {
    grupo: 'urgencia',
    nombre: 'Línea de la Vida',
    descripcion:
      'Orientación y apoyo psicológico gratuito y confidencial: contención en crisis emocional, prevención del suicidio y atención por consumo de sustancias.',
    telefono: '800 911 2000',
    horario: '24 horas, todos los días',
    fuente: 'Comisión Nacional de Salud Mental y Adicciones (CONASAMA), Secretaría de Salud',
  },
  {
    grupo: 'urgencia',
    nombre: 'SAPTEL',
    descripcion:
      'Sistema Nacional de Apoyo, Consejo Psicológico e Intervención en Crisis por Teléfono: escucha y consejo psicológico profesional, gratuito y confidencial.',
    telefono: '55 5259 8121',
    horario: '24 horas, todos los días',
    fuente: 'SAPTEL, con la Cruz Roja Mexicana',
  },
  {
    grupo: 'cdmx',
    nombre: 'Línea de Seguridad y Chat de Confianza',
    descripcion: 'Apoyo psicológico gratuito y confidencial por teléfono y por chat, además de orientación ante situaciones de riesgo.',
    telefono: '55 5533 5533',
    horario: '24 horas, todos los días',
    fuente: 'Consejo Ciudadano para la Seguridad y Justicia de la Ciudad de México',
  },
  {
    grupo: 'cdmx',
    nombre: 'Locatel',
    descripcion:
      'Información y orientación sobre servicios de la ciudad, incluida la canalización a servicios de salud y apoyo psicológico.',
    telefono: '*0311 o 55 5658 1111',
    horario: '24 horas, todos los días',
    fuente: 'Gobierno de la Ciudad de México',
  },
  {
    grupo: 'centros',
    nombre: 'Hospital Psiquiátrico Fray Bernardino Álvarez',
    descripcion: 'Hospital público de atención psiquiátrica especializada, con servicio de urgencias.',
    fuente: 'Secretaría de Salud',
    ciudad: 'Ciudad de México',
  },
  {
    grupo: 'centros',
    nombre: 'Instituto Nacional de Psiquiatría Ramón de la Fuente Muñiz',
    descripcion: 'Instituto Nacional de Salud dedicado a la atención, la investigación y la enseñanza en salud mental.',
    fuente: 'Secretaría de Salud',
    ciudad: 'Ciudad de México',
  },
  {
    grupo: 'centros',
    nombre: 'Centros Comunitarios de Salud Mental (CECOSAM)',
    descripcion: 'Atención ambulatoria cercana a la comunidad: consulta de psicología y psiquiatría, y orientación a familias.',
    fuente: 'Secretaría de Salud',
    ciudad: 'Ciudad de México',
  },
  {
    grupo: 'profesionales',
    nombre: 'Profesionales de MiDuelo',
    descripcion:
      'Los psicólogos que recomendamos son los profesionales registrados en MiDuelo cuya cédula profesional ha sido validada. Pide a tu psicólogo su código de vinculación para acompañarte desde la app.',
    fuente: 'MiDuelo',
  },
];
