import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { cx } from '@/lib/cx';
import { Input } from './input';

interface PasswordInputProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** Controlled visibility (e.g. reveal a generated password); uncontrolled when omitted. */
  visible?: boolean;
  onVisibleChange?: (visible: boolean) => void;
}

/** Password field with a show/hide toggle. The toggle's accessible name is 'Mostrar' / 'Ocultar'. */
export function PasswordInput({ className, id, visible, onVisibleChange, ...props }: PasswordInputProps) {
  const [propio, setPropio] = useState(false);
  const mostrado = visible ?? propio;
  const alternar = () => {
    setPropio(!mostrado);
    onVisibleChange?.(!mostrado);
  };
  return (
    <div className="relative">
      <Input
        id={id}
        type={mostrado ? 'text' : 'password'}
        className={cx('pr-12', className)}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        {...props}
      />
      <button
        type="button"
        onClick={alternar}
        aria-label={mostrado ? 'Ocultar' : 'Mostrar'}
        aria-controls={id}
        title={mostrado ? 'Ocultar contraseña' : 'Mostrar contraseña'}
        disabled={props.disabled}
        className="absolute inset-y-1 right-1 flex w-10 cursor-pointer items-center justify-center rounded-lg text-tinta-500 hover:bg-arena-100 hover:text-tinta-800 focus-visible:outline-2 focus-visible:outline-salvia-500 disabled:cursor-not-allowed"
      >
        {mostrado ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
      </button>
    </div>
  );
}
