// Business constants of spec 1 §9 and spec 2 §9. Both client and server read them from here.
export const EDAD_MINIMA = 18;
export const EDAD_MAXIMA = 90;
export const CEDULA_MIN_DIGITOS = 7;
export const CEDULA_MAX_DIGITOS = 10;
export const TELEFONO_DIGITOS = 10;
export const CONTRASENA_MIN = 8;
export const CONTRASENA_GENERADA_LONGITUD = 12;
export const CARACTERES_ESPECIALES = '!@#$%^&*(),.?":{}|<>';

export const ACTIVACION_HORAS = 48;
export const RESTABLECER_HORAS = 1;
export const DIAS_GRACIA_VALIDACION_DEFECTO = 7;
export const UMBRAL_AVISO_VALIDACION_DIAS = 3;

export const STORAGE_TOKEN = 'token';
export const INTERVALO_EXPIRACION_MS = 60_000;
export const RETRASO_TRAS_ACTIVACION_MS = 3_000;
export const RETRASO_TRAS_RESTABLECER_MS = 2_000;
export const RETRASO_REENVIO_ACTIVACION_MS = 2_000;
export const RETRASO_LOGOUT_SESION_EXPIRADA_MS = 500;

export const TOAST_MS = 3_000;
export const TOAST_SESION_EXPIRADA_MS = 5_000;
export const TOAST_CUENTA_MS = 8_000;
export const TOAST_CUENTA_LARGO_MS = 10_000;

export const POLL_MS = 30_000;

export const SEMANA_DIAS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'] as const;
export type DiaSemana = (typeof SEMANA_DIAS)[number];
export const HORA_INICIO_CALENDARIO = 8;
export const HORA_FIN_CALENDARIO = 20;
export const DURACION_CITA_DEFECTO = 60;
export const DURACION_CITA_MINIMA = 15;
export const DURACION_CITA_PASO = 15;

export const ZONA_CLINICA_DEFECTO = 'America/Mexico_City';
