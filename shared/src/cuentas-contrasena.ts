import { CARACTERES_ESPECIALES, CONTRASENA_GENERADA_LONGITUD, CONTRASENA_MIN } from './constants';

export const REQUISITOS_CONTRASENA = {
  longitud: 'Al menos 8 caracteres',
  mayuscula: 'Una letra mayúscula',
  minuscula: 'Una letra minúscula',
  numero: 'Un número',
  especial: 'Un carácter especial',
} as const;

const ESPECIAL = new RegExp(`[${CARACTERES_ESPECIALES.replace(/[\\\]^-]/g, '\\$&')}]`);

/** The requirement labels a password still misses, in the order the form lists them. */
export function requisitosFaltantes(contrasena: string): string[] {
  const faltan: string[] = [];
  if (contrasena.length < CONTRASENA_MIN) faltan.push(REQUISITOS_CONTRASENA.longitud);
  if (!/[A-Z]/.test(contrasena)) faltan.push(REQUISITOS_CONTRASENA.mayuscula);
  if (!/[a-z]/.test(contrasena)) faltan.push(REQUISITOS_CONTRASENA.minuscula);
  if (!/\d/.test(contrasena)) faltan.push(REQUISITOS_CONTRASENA.numero);
  if (!ESPECIAL.test(contrasena)) faltan.push(REQUISITOS_CONTRASENA.especial);
  return faltan;
}

export function mensajeContrasena(contrasena: string): string | null {
  const faltan = requisitosFaltantes(contrasena);
  return faltan.length === 0 ? null : `La contraseña debe contener: ${faltan.join(', ')}`;
}

const MAYUSCULAS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const MINUSCULAS = 'abcdefghijkmnopqrstuvwxyz';
const NUMEROS = '23456789';

function aleatorio(max: number): number {
  const buf = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buf);
  return buf[0] % max;
}

/** A 12-character password with at least one of each class, shuffled (spec 1 §5). */
export function generarContrasenaSegura(): string {
  const todos = MAYUSCULAS + MINUSCULAS + NUMEROS + CARACTERES_ESPECIALES;
  const chars = [
    MAYUSCULAS[aleatorio(MAYUSCULAS.length)],
    MINUSCULAS[aleatorio(MINUSCULAS.length)],
    NUMEROS[aleatorio(NUMEROS.length)],
    CARACTERES_ESPECIALES[aleatorio(CARACTERES_ESPECIALES.length)],
  ];
  while (chars.length < CONTRASENA_GENERADA_LONGITUD) chars.push(todos[aleatorio(todos.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = aleatorio(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
