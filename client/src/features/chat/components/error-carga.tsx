import { TEXTOS_CHAT } from '@miduelo/shared/chat';
import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface ErrorCargaProps {
  texto: string;
  onReintentar: () => void;
}

/** A load that failed, said as such (an empty list would claim there is nothing), with a retry. */
export function ErrorCarga({ texto, onReintentar }: ErrorCargaProps) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center text-sm text-peligro-700" data-error-carga>
      <CircleAlert className="size-6" aria-hidden />
      <p>{texto}</p>
      <Button tamano="sm" variante="secundario" onClick={onReintentar}>
        {TEXTOS_CHAT.reintentar}
      </Button>
    </div>
  );
}
