import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { cx } from '../../lib/cx';
import { Input } from './input';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'>;

/** Password field with a show/hide toggle. The toggle says 'Mostrar' / 'Ocultar'. */
export function PasswordInput({ className, id, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        id={id}
        type={visible ? 'text' : 'password'}
        className={cx('pr-12', className)}
        autoCapitalize="off"
        spellCheck={false}
        {...props}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? 'Ocultar' : 'Mostrar'}
        aria-controls={id}
        title={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
        disabled={props.disabled}
        className="absolute inset-y-1 right-1 flex w-10 cursor-pointer items-center justify-center rounded-lg text-tinta-500 hover:bg-arena-100 hover:text-tinta-800 focus-visible:outline-2 focus-visible:outline-salvia-500 disabled:cursor-not-allowed"
      >
        {visible ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
      </button>
    </div>
  );
}
