// The patient's opposition to specific uses of her data (ARCO, LFPDPPP; issue 56, decision 377):
// three switches, each off by default. `true` means she opposes that use.
import * as v from 'valibot';
import { MSG_GENERICO } from './errores';

export const MSG_OPOSICION = {
  invalida: 'Indica a qué usos de tus datos te opones',
  guardada: 'Guardamos tu elección',
} as const;

/** What each switch means, as the app shows it. */
export const TEXTO_OPOSICION = {
  correos: {
    etiqueta: 'No quiero correos de recordatorio ni avisos',
    detalle:
      'Dejarás de recibir recordatorios de citas y de actividades por correo. Los correos de seguridad de tu cuenta (activación, cambio de contraseña, inicio de sesión en un dispositivo nuevo, verificación en dos pasos) se siguen enviando.',
  },
  push: {
    etiqueta: 'No quiero notificaciones push',
    detalle: 'Ningún teléfono ni navegador tuyo recibirá avisos de MiDuelo cuando la app esté cerrada.',
  },
  foro_sin_nombre: {
    etiqueta: 'No mostrar mi nombre en los foros',
    detalle: 'Tus publicaciones se mostrarán a las demás personas como “Participante”, sin tu nombre.',
  },
} as const;

/** The name others read instead of hers when she opposes showing it in the forums. */
export const NOMBRE_ANONIMO_FORO = 'Participante';

const interruptor = v.boolean(MSG_OPOSICION.invalida);

/** GET/PUT /api/paciente/mis-datos/oposicion. */
export const OposicionCuerpoSchema = v.strictObject(
  { correos: interruptor, push: interruptor, foro_sin_nombre: interruptor },
  MSG_GENERICO.cuerpoInvalido,
);
export type Oposicion = v.InferOutput<typeof OposicionCuerpoSchema>;

export const OposicionRespuestaSchema = v.object({
  correos: v.boolean(),
  push: v.boolean(),
  foro_sin_nombre: v.boolean(),
  actualizada_en: v.nullable(v.string()),
});
export type OposicionRespuesta = v.InferOutput<typeof OposicionRespuestaSchema>;
