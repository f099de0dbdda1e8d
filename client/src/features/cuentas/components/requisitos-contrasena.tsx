import { REQUISITOS_CONTRASENA, requisitosFaltantes } from '@miduelo/shared/cuentas-contrasena';
import { Check, Circle } from 'lucide-react';
import { cx } from '@/lib/cx';

/** Live checklist of the password rules (spec 1 §5). */
export function RequisitosContrasena({ contrasena, id }: { contrasena: string; id?: string }) {
  const faltan = new Set(requisitosFaltantes(contrasena));
  return (
    <ul id={id} className="grid grid-cols-1 gap-x-4 gap-y-1 text-xs sm:grid-cols-2" aria-label="Requisitos de la contraseña">
      {Object.values(REQUISITOS_CONTRASENA).map((requisito) => {
        const cumple = contrasena !== '' && !faltan.has(requisito);
        return (
          <li key={requisito} className={cx('flex items-center gap-1.5', cumple ? 'text-exito-700' : 'text-tinta-500')}>
            {cumple ? <Check className="size-3.5" aria-hidden /> : <Circle className="size-3" aria-hidden />}
            {requisito}
            <span className="sr-only">{cumple ? ' (cumplido)' : ' (pendiente)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
