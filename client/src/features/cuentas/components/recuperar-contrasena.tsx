import { lazy, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { AlAbrir } from '@/lib/diferido';

// The modal, its form and Radix's focus and scroll locks are not part of the login page's first load
// (decision 320): fetched on the first click of the link.
const RecuperarDialog = lazy(() => import('./recuperar-dialog').then((m) => ({ default: m.RecuperarDialog })));

/** '¿Olvidaste tu contraseña?' link; opens the recovery modal (spec 1 §2, §8). Rendered inside the
 * login form: the modal stops its own submit from reaching that form. */
export function RecuperarContrasena() {
  const [abierto, setAbierto] = useState(false);
  const enlace = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={enlace} variante="enlace" tamano="sm" aria-haspopup="dialog" aria-expanded={abierto} onClick={() => setAbierto(true)}>
        ¿Olvidaste tu contraseña?
      </Button>
      <AlAbrir abierto={abierto}>
        <RecuperarDialog abierto={abierto} setAbierto={setAbierto} devolverFoco={() => enlace.current?.focus()} />
      </AlAbrir>
    </>
  );
}
