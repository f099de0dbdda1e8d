// What the two chat screens (the psychologist's and the administrator's) share about one side.
import type { Remitente } from '@miduelo/shared/chat-respuestas';
import type { ComponentProps } from 'react';
import type { AvatarInicial } from '@/components/ui/avatar-inicial';
import type { TonoBadge } from '@/components/ui/badge';
import type { Conversaciones } from '@/lib/conversaciones';
import type { ResumenBase } from '@/lib/conversaciones-tipos';

export type TonoAvatar = NonNullable<ComponentProps<typeof AvatarInicial>['tono']>;

/** How a conversation shows who it is with, in the list and in the open conversation's header. */
export interface Apariencia {
  nombre: string;
  tonoAvatar: TonoAvatar;
  /** Type badge ('Administración', 'Psicólogo', 'Paciente'), if this side shows one. */
  insignia: { tono: TonoBadge; texto: string } | null;
}

/** One side's live conversations and how its screen shows them. */
export interface LadoConversaciones<R extends ResumenBase> {
  conv: Conversaciones<R>;
  idDe: (r: R) => number;
  /** Who 'own' messages are from, for the message list. */
  propio: Remitente;
  apariencia: (r: R) => Apariencia;
  /** The list's preview of the last message (own ones prefixed). */
  vistaPrevia: (r: R) => string;
}
