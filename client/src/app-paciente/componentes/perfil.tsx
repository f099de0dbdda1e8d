// Ajustes → the patient's own contact data and password (PUT /api/paciente/perfil and
// /cambiar-contrasena), with the shared rules and the server's own messages.
import { mensajeContrasena, REQUISITOS_CONTRASENA, requisitosFaltantes } from '@miduelo/shared/cuentas-contrasena';
import { CIERRE_TRAS_CAMBIO_CORREO_MS, MSG_PERFIL } from '@miduelo/shared/cuentas-perfil-textos';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { actualizarPerfil, cambiarContrasena, useMiPerfil } from '../api/cuentas-perfil';
import { ErrorApi } from '../lib/api';
import { actualizarSesion, terminar } from '../lib/sesion';
import { Aviso, Boton, Campo, Tarjeta } from './ui';

type Mensaje = { tono: 'exito' | 'error'; texto: string } | null;

export function DatosDeContacto() {
  const perfil = useMiPerfil();
  const [telefono, setTelefono] = useState('');
  const [email, setEmail] = useState('');
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [mensaje, setMensaje] = useState<Mensaje>(null);
  const [guardando, setGuardando] = useState(false);
  const cargado = useRef(false);
  const salida = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (perfil.datos && !cargado.current) {
      cargado.current = true;
      setTelefono(perfil.datos.telefono);
      setEmail(perfil.datos.email);
    }
  }, [perfil.datos]);
  useEffect(() => () => window.clearTimeout(salida.current), []);

  async function guardar(e: FormEvent) {
    e.preventDefault();
    setGuardando(true);
    setErrores({});
    setMensaje(null);
    try {
      const r = await actualizarPerfil({ telefono: telefono.trim(), email: email.trim() });
      perfil.fijar(() => r.perfil);
      setMensaje({ tono: 'exito', texto: r.msg });
      if (r.correo_cambiado) {
        // Every session ends with a new email: this one too, after the message was read.
        const msg = r.msg;
        salida.current = window.setTimeout(() => terminar(msg, { conservarPorEnviar: true }), CIERRE_TRAS_CAMBIO_CORREO_MS);
      } else actualizarSesion({ paciente: r.perfil });
    } catch (err) {
      if (err instanceof ErrorApi && Object.keys(err.errores).length) setErrores(err.errores);
      else if (err instanceof ErrorApi && err.code === 'CORREO_DUPLICADO') setErrores({ email: err.message });
      else setMensaje({ tono: 'error', texto: err instanceof ErrorApi ? err.message : 'Error al actualizar el perfil' });
    } finally {
      setGuardando(false);
    }
  }

  return (
    <Tarjeta>
      <h2 className="mb-1 font-semibold">Tus datos de contacto</h2>
      <p className="mb-3 text-sm text-tinta-600">Tu psicóloga o psicólogo los usa para localizarte si hace falta.</p>
      {!perfil.datos && perfil.error ? (
        <Aviso tono="error">{perfil.error.message}</Aviso>
      ) : (
        <form onSubmit={guardar} className="space-y-4" noValidate>
          <Campo
            id="perfil-telefono"
            etiqueta="Teléfono"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            ayuda="10 dígitos"
            value={telefono}
            error={errores.telefono}
            onChange={(e) => setTelefono(e.target.value)}
            disabled={!perfil.datos}
          />
          <Campo
            id="perfil-email"
            etiqueta="Correo electrónico"
            type="email"
            inputMode="email"
            autoComplete="email"
            ayuda="Si lo cambias, volverás a iniciar sesión con el nuevo correo."
            value={email}
            error={errores.email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={!perfil.datos}
          />
          {mensaje && <Aviso tono={mensaje.tono}>{mensaje.texto}</Aviso>}
          <Boton type="submit" disabled={guardando || !perfil.datos}>
            {guardando ? 'Guardando…' : 'Guardar cambios'}
          </Boton>
        </form>
      )}
    </Tarjeta>
  );
}

/** MSG.contrasenasNoCoinciden (shared/auth, not imported here: it would pull its schemas into the first load). */
const CONTRASENAS_NO_COINCIDEN = 'Las contraseñas no coinciden';

const VACIO = { contrasenaActual: '', nuevaContrasena: '', confirmarContrasena: '' };

export function CambioDeContrasena() {
  const [valores, setValores] = useState(VACIO);
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [mensaje, setMensaje] = useState<Mensaje>(null);
  const [guardando, setGuardando] = useState(false);
  const faltan = new Set(requisitosFaltantes(valores.nuevaContrasena));

  const campo = (k: keyof typeof VACIO) => ({
    id: k,
    type: 'password',
    value: valores[k],
    error: errores[k],
    onChange: (e: { target: { value: string } }) => setValores((x) => ({ ...x, [k]: e.target.value })),
  });

  async function guardar(e: FormEvent) {
    e.preventDefault();
    setMensaje(null);
    // The shared rules without loading a validation library into the app (docs/decisions/187);
    // the server checks the same ones with the shared schema.
    const porCampo: Record<string, string> = {};
    if (!valores.contrasenaActual) porCampo.contrasenaActual = MSG_PERFIL.contrasenaActualObligatoria;
    const regla = mensajeContrasena(valores.nuevaContrasena);
    if (regla) porCampo.nuevaContrasena = regla;
    if (!valores.confirmarContrasena) porCampo.confirmarContrasena = MSG_PERFIL.confirmarNuevaObligatoria;
    else if (valores.confirmarContrasena !== valores.nuevaContrasena) porCampo.confirmarContrasena = CONTRASENAS_NO_COINCIDEN;
    if (Object.keys(porCampo).length) {
      setErrores(porCampo);
      return;
    }
    setErrores({});
    setGuardando(true);
    try {
      const res = await cambiarContrasena(valores.contrasenaActual, valores.nuevaContrasena);
      // The other sessions ended; this one goes on with the fresh token.
      actualizarSesion({ token: res.token });
      setValores(VACIO);
      setMensaje({ tono: 'exito', texto: res.msg });
    } catch (err) {
      if (err instanceof ErrorApi && err.code === 'CONTRASENA_ACTUAL_INCORRECTA') setErrores({ contrasenaActual: err.message });
      else if (err instanceof ErrorApi && err.code === 'CONTRASENA_IGUAL') setErrores({ nuevaContrasena: err.message });
      else if (err instanceof ErrorApi && Object.keys(err.errores).length) setErrores(err.errores);
      else setMensaje({ tono: 'error', texto: err instanceof ErrorApi ? err.message : 'Error al cambiar la contraseña' });
    } finally {
      setGuardando(false);
    }
  }

  return (
    <Tarjeta>
      <h2 className="mb-3 font-semibold">Cambiar contraseña</h2>
      <form onSubmit={guardar} className="space-y-4" noValidate>
        <Campo etiqueta="Contraseña actual" autoComplete="current-password" {...campo('contrasenaActual')} />
        <Campo etiqueta="Nueva contraseña" autoComplete="new-password" {...campo('nuevaContrasena')} />
        <ul aria-label="Requisitos de la contraseña" className="space-y-0.5 text-sm">
          {Object.values(REQUISITOS_CONTRASENA).map((req) => {
            const cumple = valores.nuevaContrasena !== '' && !faltan.has(req);
            return (
              <li key={req} className={cumple ? 'text-salvia-700' : 'text-tinta-500'}>
                <span aria-hidden>{cumple ? '✓' : '·'}</span> {req}
                <span className="sr-only">{cumple ? ' (cumplido)' : ' (pendiente)'}</span>
              </li>
            );
          })}
        </ul>
        <Campo etiqueta="Confirma la nueva contraseña" autoComplete="new-password" {...campo('confirmarContrasena')} />
        {mensaje && <Aviso tono={mensaje.tono}>{mensaje.texto}</Aviso>}
        <Boton type="submit" disabled={guardando}>
          {guardando ? 'Guardando…' : 'Cambiar contraseña'}
        </Boton>
      </form>
    </Tarjeta>
  );
}
