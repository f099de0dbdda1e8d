import { Check, ChevronDown } from 'lucide-react';
import { Select as RadixSelect } from 'radix-ui';
import { cx } from '@/lib/cx';
import { controlClases } from './input';

interface OpcionSelect {
  valor: string;
  etiqueta: string;
  deshabilitada?: boolean;
}

interface SelectProps {
  id?: string;
  name?: string;
  value?: string;
  defaultValue?: string;
  onValueChange?: (valor: string) => void;
  opciones: OpcionSelect[];
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-label'?: string;
}

export function Select({ opciones, placeholder = 'Selecciona una opción', className, id, name, ...props }: SelectProps) {
  const { value, defaultValue, onValueChange, disabled, ...aria } = props;
  return (
    <RadixSelect.Root value={value} defaultValue={defaultValue} onValueChange={onValueChange} disabled={disabled} name={name}>
      <RadixSelect.Trigger
        id={id}
        {...aria}
        className={cx(
          controlClases,
          'flex h-11 cursor-pointer items-center justify-between gap-2 text-left data-placeholder:text-marcador',
          className,
        )}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon>
          <ChevronDown className="size-4 text-tinta-500" aria-hidden />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={6}
          className="z-50 max-h-72 min-w-(--radix-select-trigger-width) overflow-hidden rounded-xl border border-arena-200 bg-papel shadow-elevada"
        >
          <RadixSelect.Viewport className="p-1">
            {opciones.map((o) => (
              <RadixSelect.Item
                key={o.valor}
                value={o.valor}
                disabled={o.deshabilitada}
                className="relative flex cursor-pointer items-center rounded-lg py-2 pr-3 pl-8 text-sm text-tinta-800 outline-none select-none data-disabled:cursor-not-allowed data-disabled:text-tinta-400 data-highlighted:bg-salvia-50 data-highlighted:text-salvia-900"
              >
                <RadixSelect.ItemIndicator className="absolute left-2.5">
                  <Check className="size-4 text-salvia-600" aria-hidden />
                </RadixSelect.ItemIndicator>
                <RadixSelect.ItemText>{o.etiqueta}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
