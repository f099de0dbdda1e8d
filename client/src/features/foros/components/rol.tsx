import { type RolForo, TEXTOS_FOROS } from '@miduelo/shared/foros';
import { Badge, type TonoBadge } from '@/components/ui/badge';

const TONOS: Record<string, TonoBadge> = { admin: 'terracota', moderador: 'salvia', miembro: 'neutro' };

/** The role badge and text of spec 2 §2 (admin, moderador, miembro; anything else grey). */
export function InsigniaRol({ rol }: { rol: RolForo | string | null }) {
  if (!rol) return null;
  return <Badge tono={TONOS[rol] ?? 'otro'}>{TEXTOS_FOROS.roles[rol] ?? rol}</Badge>;
}

export function InsigniaVisibilidad({ publico }: { publico: boolean }) {
  return <Badge tono={publico ? 'info' : 'aviso'}>{publico ? TEXTOS_FOROS.publico : TEXTOS_FOROS.privado}</Badge>;
}
