// After logging in (decision 187): a document changed since the patient accepted it. The app shows
// the new version(s) whole and asks to read and accept each before going on; the crisis lines and
// logging out stay at hand.
import { MSG_CONSENTIMIENTO, type TipoConsentimiento } from '@miduelo/shared/cuentas-consentimiento';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { CrisisAlPie } from '../componentes/crisis';
import { Documento } from '../componentes/documento';
import { Aviso, Boton } from '../componentes/ui';
import { aceptarConsentimiento, type DocumentoVigente, documentosVigentes } from '../api/cuentas-consentimiento';
import { ErrorApi } from '../lib/api';
import { salir } from '../lib/salir';
import { actualizarSesion, sesionActual, useSesion } from '../lib/sesion';

export default function Consentimientos() {
  const pendientes = useSesion((s) => s.sesion?.pendientes ?? []);
  const nombre = useSesion((s) => s.sesion?.paciente.nombre);
  const [documentos, setDocumentos] = useState<DocumentoVigente[] | null>(null);
  const [aceptados, setAceptados] = useState<Partial<Record<TipoConsentimiento, boolean>>>({});
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  const cargar = useCallback(async () => {
    setError(null);
    try {
      setDocumentos(await documentosVigentes());
    } catch (e) {
      setError(e instanceof ErrorApi ? e.message : 'No pudimos cargar los documentos.');
    }
  }, []);
  useEffect(() => {
    void cargar();
  }, [cargar]);

  // Only the documents still to accept, in the version in force now.
  const tipos = new Set(pendientes.map((p) => p.tipo));
  const aMostrar = (documentos ?? []).filter((d) => tipos.has(d.tipo));

  async function aceptar(e: FormEvent) {
    e.preventDefault();
    if (aMostrar.length === 0) return;
    if (!aMostrar.every((d) => aceptados[d.tipo])) {
      setError(MSG_CONSENTIMIENTO.obligatorio);
      return;
    }
    setEnviando(true);
    setError(null);
    try {
      for (const d of aMostrar) {
        await aceptarConsentimiento(d.tipo, d.version);
        const quedan = (sesionActual()?.pendientes ?? []).filter((p) => p.tipo !== d.tipo);
        actualizarSesion({ pendientes: quedan });
      }
    } catch (err) {
      if (err instanceof ErrorApi && err.code === 'CONSENTIMIENTO_DESACTUALIZADO') {
        // Another version was published meanwhile: show it.
        setAceptados({});
        await cargar();
      }
      setError(err instanceof ErrorApi ? err.message : 'No pudimos registrar tu aceptación. Inténtalo de nuevo.');
    } finally {
      setEnviando(false);
    }
  }

  return (
    <main className="mx-auto max-w-md px-5 pt-8 pb-10">
      <p className="font-serif text-3xl text-salvia-700">MiDuelo</p>
      <h1 className="mt-6 font-serif text-2xl text-tinta-900">Actualizamos {aMostrar.length === 1 ? 'un documento' : 'unos documentos'}</h1>
      <p className="mt-1 mb-6 text-tinta-600">
        {nombre ? `${nombre}, ` : ''}antes de continuar, te pedimos leer con calma{' '}
        {aMostrar.length === 1 ? 'la nueva versión' : 'las nuevas versiones'} y aceptarla{aMostrar.length === 1 ? '' : 's'}. Tu
        acompañamiento sigue igual.
      </p>
      <form onSubmit={aceptar} className="space-y-4" noValidate>
        {aMostrar.map((d) => (
          <Documento
            key={d.tipo}
            doc={d}
            aceptado={Boolean(aceptados[d.tipo])}
            error={Boolean(error)}
            alCambiar={(a) => {
              setAceptados((x) => ({ ...x, [d.tipo]: a }));
              setError(null);
            }}
          />
        ))}
        {!documentos && !error && <p className="text-tinta-500">Cargando los documentos…</p>}
        {error && <Aviso tono="error">{error}</Aviso>}
        {!documentos && error ? (
          <Boton variante="secundario" className="w-full" onClick={() => void cargar()}>
            Intentar de nuevo
          </Boton>
        ) : (
          <Boton type="submit" className="w-full" disabled={enviando || aMostrar.length === 0}>
            {enviando ? 'Guardando…' : 'Aceptar y continuar'}
          </Boton>
        )}
      </form>
      <Boton variante="secundario" className="mt-4 w-full" onClick={() => void salir()}>
        Cerrar sesión
      </Boton>
      <CrisisAlPie />
    </main>
  );
}
