import { type Tema, TEXTOS_FOROS } from '@miduelo/shared/foros';
import { Link } from '@tanstack/react-router';
import { MessagesSquare } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorCarga } from '@/components/ui/error-carga';
import { Spinner } from '@/components/ui/spinner';
import { fechaCorta } from '@/lib/format';

/** The forum's topics (tab Temas of spec 2 §2): title, unread count, posts and date, each a link to
 * its conversation; loading, failed and empty states. */
export function ListaTemas({
  idForo,
  temas,
  cargando,
  fallo,
  reintentar,
}: {
  idForo: number;
  temas: Tema[] | undefined;
  cargando: boolean;
  fallo: boolean;
  reintentar: () => void;
}) {
  if (!temas && fallo) return <ErrorCarga texto={TEXTOS_FOROS.errorCargarTemas} onReintentar={reintentar} />;
  if (!temas && cargando) return <Spinner className="size-6 text-salvia-500" etiqueta="Cargando temas" />;
  if (!temas || temas.length === 0) return <EmptyState icono={MessagesSquare} titulo={TEXTOS_FOROS.sinTemas} texto="" />;
  return (
    <ul className="flex flex-col gap-2" data-temas-lista>
      {temas.map((t) => (
        <li key={t.id_tema}>
          <Link
            to="/foros/$idForo/temas/$idTema"
            params={{ idForo: String(idForo), idTema: String(t.id_tema) }}
            className="flex flex-col gap-2 rounded-xl border border-arena-200 bg-papel px-4 py-3 hover:border-salvia-300 hover:bg-salvia-50/40 sm:flex-row sm:items-center sm:justify-between sm:gap-3"
            data-tema={t.id_tema}
          >
            <span className="min-w-0 flex-1 font-medium text-tinta-900 [overflow-wrap:anywhere]">{t.titulo}</span>
            <span className="flex shrink-0 flex-wrap items-center gap-3 text-sm text-tinta-600">
              {t.no_leidos ? (
                <Badge tono="terracota">
                  <span data-no-leidos-tema={t.no_leidos}>{TEXTOS_FOROS.noLeidos(t.no_leidos)}</span>
                </Badge>
              ) : null}
              <span>
                {t.total_mensajes || 0} {TEXTOS_FOROS.mensajes}
              </span>
              <span>{fechaCorta(t.fecha_creacion)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
