// "Llaves de acceso" in the app's settings (issue 56, decision 374; opt-in for patients): her
// passkeys (name, created, last used), add one with a name and her password (then her phone's own
// prompt), remove one with her password. The WebAuthn library loads only when adding.
import { MSG_MFA } from '@miduelo/shared/mfa';
import { fechaEnZona, formatoFecha } from '@miduelo/shared/fechas';
import { type Llave, MSG_LLAVES, NOMBRE_LLAVE_MAX } from '@miduelo/shared/passkeys';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { eliminarLlave, listarLlaves, opcionesRegistroLlave, registrarLlave } from '../api/llaves';
import { ErrorApi } from '../lib/api';
import { Aviso, Boton, Campo, Tarjeta } from './ui';

/** A day as the phone's own time zone sees it. */
const fechaCorta = (iso: string) => formatoFecha(fechaEnZona(new Date(iso), Intl.DateTimeFormat().resolvedOptions().timeZone));

type Modo = null | { tipo: 'agregar' } | { tipo: 'eliminar'; llave: Llave };

export function LlavesAcceso() {
  const [llaves, setLlaves] = useState<Llave[] | null>(null);
  const [modo, setModo] = useState<Modo>(null);
  const [codigos, setCodigos] = useState<string[] | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  const cargar = useCallback(
    () =>
      listarLlaves()
        .then((r) => setLlaves(r.llaves))
        .catch(() => setLlaves([])),
    [],
  );
  useEffect(() => {
    void cargar();
  }, [cargar]);

  const terminar = (msg: string, nuevos: string[] | null = null) => {
    setModo(null);
    setAviso(msg);
    setCodigos(nuevos);
    void cargar();
  };

  return (
    <Tarjeta>
      <section aria-labelledby="llaves-app-titulo" className="space-y-3">
        <h2 id="llaves-app-titulo" className="font-serif text-xl text-tinta-900">
          {MSG_LLAVES.titulo}
        </h2>
        <p className="text-tinta-700">{MSG_LLAVES.descripcion}</p>
        {aviso && <Aviso tono="exito">{aviso}</Aviso>}
        {codigos && (
          <div className="space-y-2 rounded-xl border border-arena-300 p-3">
            <p className="font-semibold text-tinta-900">{MSG_MFA.codigosTitulo}</p>
            <p className="text-tinta-700">{MSG_MFA.codigosInstruccion}</p>
            <ul className="grid grid-cols-2 gap-1 font-mono text-tinta-900">
              {codigos.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <Boton type="button" className="w-full" onClick={() => setCodigos(null)}>
              {MSG_MFA.listo}
            </Boton>
          </div>
        )}
        {llaves === null ? (
          <p className="text-tinta-600">Cargando llaves de acceso…</p>
        ) : llaves.length === 0 ? (
          <p className="text-tinta-700">{MSG_LLAVES.ninguna}</p>
        ) : (
          <ul className="divide-y divide-arena-200" aria-label={MSG_LLAVES.titulo}>
            {llaves.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="font-semibold text-tinta-900 [overflow-wrap:anywhere]">{l.nombre}</p>
                  <p className="text-sm text-tinta-600">
                    {MSG_LLAVES.creada(fechaCorta(l.creada_en))} ·{' '}
                    {l.usada_en ? MSG_LLAVES.usada(fechaCorta(l.usada_en)) : MSG_LLAVES.sinUso}
                  </p>
                </div>
                <Boton type="button" variante="peligro" onClick={() => setModo({ tipo: 'eliminar', llave: l })}>
                  {MSG_LLAVES.eliminar}
                  <span className="sr-only">: {l.nombre}</span>
                </Boton>
              </li>
            ))}
          </ul>
        )}
        {modo ? (
          <FormularioLlave modo={modo} alTerminar={terminar} alCancelar={() => setModo(null)} />
        ) : (
          <Boton type="button" className="w-full" onClick={() => setModo({ tipo: 'agregar' })}>
            {MSG_LLAVES.agregar}
          </Boton>
        )}
      </section>
    </Tarjeta>
  );
}

function FormularioLlave({
  modo,
  alTerminar,
  alCancelar,
}: {
  modo: Exclude<Modo, null>;
  alTerminar: (msg: string, codigos?: string[] | null) => void;
  alCancelar: () => void;
}) {
  const [nombre, setNombre] = useState('');
  const [contrasena, setContrasena] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  useEffect(() => document.getElementById(modo.tipo === 'agregar' ? 'llave-app-nombre' : 'llave-app-contrasena')?.focus(), [modo.tipo]);

  async function enviar(e: FormEvent) {
    e.preventDefault();
    if (modo.tipo === 'agregar' && nombre.trim() === '') return setError(MSG_LLAVES.nombreObligatorio);
    if (contrasena === '') return setError(MSG_MFA.confirmaContrasena);
    setEnviando(true);
    setError(null);
    try {
      if (modo.tipo === 'eliminar') return alTerminar((await eliminarLlave(modo.llave.id, contrasena)).msg);
      const { opciones } = await opcionesRegistroLlave(contrasena);
      const webauthn = await import('@/nucleo/llave-acceso');
      const respuesta = await webauthn.crearCredencial(opciones).catch((err: unknown) => {
        throw new Error(webauthn.mensajeDeCeremonia(err) ?? MSG_LLAVES.respuestaInvalida);
      });
      const r = await registrarLlave(nombre, respuesta);
      alTerminar(r.msg, r.codigos);
    } catch (err) {
      setError(err instanceof ErrorApi || err instanceof Error ? err.message : MSG_LLAVES.respuestaInvalida);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <form onSubmit={enviar} noValidate className="space-y-3 rounded-xl border border-arena-300 p-3">
      <p className="font-semibold text-tinta-900">{modo.tipo === 'agregar' ? MSG_LLAVES.agregar : MSG_LLAVES.eliminarTitulo}</p>
      {modo.tipo === 'eliminar' && (
        <p className="text-tinta-700 [overflow-wrap:anywhere]">{MSG_LLAVES.eliminarConfirmar(modo.llave.nombre)}</p>
      )}
      {modo.tipo === 'agregar' && (
        <Campo
          id="llave-app-nombre"
          etiqueta={MSG_LLAVES.nombreEtiqueta}
          ayuda={MSG_LLAVES.nombreAyuda}
          maxLength={NOMBRE_LLAVE_MAX}
          value={nombre}
          onChange={(e) => setNombre(e.target.value)}
        />
      )}
      <Campo
        id="llave-app-contrasena"
        etiqueta="Contraseña"
        ayuda={MSG_MFA.confirmaContrasena}
        type="password"
        autoComplete="current-password"
        value={contrasena}
        onChange={(e) => setContrasena(e.target.value)}
      />
      {error && <Aviso tono="error">{error}</Aviso>}
      <Boton type="submit" variante={modo.tipo === 'eliminar' ? 'peligro' : 'primario'} disabled={enviando} className="w-full">
        {modo.tipo === 'eliminar' ? MSG_LLAVES.eliminar : MSG_LLAVES.continuar}
      </Boton>
      <Boton type="button" variante="secundario" className="w-full" onClick={alCancelar}>
        Cancelar
      </Boton>
    </form>
  );
}
