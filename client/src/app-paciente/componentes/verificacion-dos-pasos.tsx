// Ajustes → "Verificación en dos pasos" (issue 56, decisions 370 and 382): a patient may turn it on
// (never must): her password, the QR of her authenticator app (or its key typed), a first code, and
// the ten recovery codes shown once; later, new codes or turning it off, each with her password.
// All inline in the card, so focus never leaves the page.
import { type CodigosRecuperacion, errorDeCodigo, type EstadoMfa, type InscripcionTotp, MSG_MFA } from '@miduelo/shared/mfa';
import { MSG_MFA_OBLIGATORIA } from '@miduelo/shared/mfa-obligatoria';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { confirmarTotp, eliminarTotp, iniciarTotp, regenerarCodigos } from '../api/mfa';
import { ErrorApi, useRecurso } from '../lib/api';
import { Aviso, Boton, Campo, Tarjeta } from './ui';

type Accion = 'activar' | 'desactivar' | 'regenerar';
type Paso =
  | { tipo: 'resumen' }
  | { tipo: 'contrasena'; accion: Accion }
  | { tipo: 'qr'; inscripcion: InscripcionTotp }
  | { tipo: 'codigos'; codigos: string[] };

const BOTON: Record<Accion, string> = { activar: 'Continuar', desactivar: MSG_MFA.desactivar, regenerar: 'Generar códigos nuevos' };

export function VerificacionDosPasos() {
  const estado = useRecurso<EstadoMfa>('/estado', null, '/api/mfa');
  const [paso, setPaso] = useState<Paso>({ tipo: 'resumen' });
  const [aviso, setAviso] = useState<string | null>(null);
  const titulo = useRef<HTMLHeadingElement>(null);

  function volver(mensaje: string | null = null) {
    setPaso({ tipo: 'resumen' });
    setAviso(mensaje);
    void estado.recargar();
    // Focus comes back to the card's title: the button that started it may be gone.
    titulo.current?.focus();
  }

  return (
    <Tarjeta>
      <section aria-labelledby="mfa-app-titulo" data-mfa-app>
        <h2 id="mfa-app-titulo" ref={titulo} tabIndex={-1} className="mb-1 font-semibold outline-none">
          {MSG_MFA.titulo}
        </h2>
        <p className="mb-3 text-sm text-tinta-600">Es opcional. {MSG_MFA.descripcion}</p>
        {aviso && paso.tipo === 'resumen' && (
          <div className="mb-3">
            <Aviso tono="exito">{aviso}</Aviso>
          </div>
        )}
        {!estado.datos && estado.error ? (
          <Aviso tono="error">{estado.error.message}</Aviso>
        ) : !estado.datos ? (
          <p className="text-tinta-600">Cargando…</p>
        ) : paso.tipo === 'resumen' ? (
          <Resumen
            estado={estado.datos}
            alElegir={(accion) => {
              setAviso(null);
              setPaso({ tipo: 'contrasena', accion });
            }}
          />
        ) : paso.tipo === 'codigos' ? (
          <Codigos codigos={paso.codigos} alTerminar={() => volver()} />
        ) : (
          // A fresh form per step: the password typed must never stay in the code's field.
          <Formulario key={paso.tipo} paso={paso} alAvanzar={setPaso} alTerminar={volver} />
        )}
      </section>
    </Tarjeta>
  );
}

function Resumen({ estado, alElegir }: { estado: EstadoMfa; alElegir: (a: Accion) => void }) {
  if (!estado.totp_activo)
    return (
      <div className="space-y-3">
        <p className="text-tinta-800">
          {estado.llaves > 0 ? `${MSG_MFA_OBLIGATORIA.conLlave} ${MSG_MFA.codigosRestantes(estado.codigos_restantes)}` : MSG_MFA.inactiva}
        </p>
        <Boton className="w-full" onClick={() => alElegir('activar')}>
          {MSG_MFA.activar}
        </Boton>
      </div>
    );
  return (
    <div className="space-y-3">
      <p className="text-tinta-800">
        {MSG_MFA.activa} {MSG_MFA.codigosRestantes(estado.codigos_restantes)}
      </p>
      <Boton variante="secundario" className="w-full" onClick={() => alElegir('regenerar')}>
        {MSG_MFA.regenerar}
      </Boton>
      {!estado.obligatoria && (
        <Boton variante="peligro" className="w-full" onClick={() => alElegir('desactivar')}>
          {MSG_MFA.desactivar}
        </Boton>
      )}
    </div>
  );
}

/** The password step (any action) or the first code of a new enrolment. */
function Formulario({
  paso,
  alAvanzar,
  alTerminar,
}: {
  paso: Extract<Paso, { tipo: 'contrasena' } | { tipo: 'qr' }>;
  alAvanzar: (p: Paso) => void;
  alTerminar: (mensaje?: string | null) => void;
}) {
  const [valor, setValor] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [enviando, setEnviando] = useState(false);
  const esQr = paso.tipo === 'qr';
  const idCampo = esQr ? 'mfa-app-codigo' : 'mfa-app-contrasena';
  const campo = { focus: () => document.getElementById(idCampo)?.focus() };
  // The field takes focus when the step shows (the password, then the code).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the step shows.
  useEffect(() => campo.focus(), []);

  async function enviar(e: FormEvent) {
    e.preventDefault();
    const invalido = esQr ? errorDeCodigo('totp', valor) : valor === '' ? MSG_MFA.confirmaContrasena : null;
    if (invalido) {
      setError(invalido);
      return campo.focus();
    }
    setEnviando(true);
    try {
      if (esQr) alAvanzar({ tipo: 'codigos', codigos: ((await confirmarTotp(valor)) as CodigosRecuperacion).codigos });
      else if (paso.accion === 'activar') alAvanzar({ tipo: 'qr', inscripcion: await iniciarTotp(valor) });
      else if (paso.accion === 'regenerar') alAvanzar({ tipo: 'codigos', codigos: (await regenerarCodigos(valor)).codigos });
      else alTerminar((await eliminarTotp(valor)).msg);
    } catch (err) {
      setError(err instanceof ErrorApi ? err.message : 'No se pudo completar. Inténtalo de nuevo.');
      campo.focus();
    } finally {
      setEnviando(false);
    }
  }

  return (
    <form onSubmit={enviar} noValidate className="space-y-3">
      {esQr && <Qr inscripcion={paso.inscripcion} />}
      <Campo
        id={idCampo}
        etiqueta={esQr ? MSG_MFA.etiquetaCodigo : 'Tu contraseña'}
        ayuda={esQr ? MSG_MFA.confirmarInstruccion : MSG_MFA.confirmaContrasena}
        type={esQr ? 'text' : 'password'}
        inputMode={esQr ? 'numeric' : undefined}
        autoComplete={esQr ? 'one-time-code' : 'current-password'}
        maxLength={esQr ? 7 : 128}
        value={valor}
        error={error}
        onChange={(e) => {
          setValor(e.target.value);
          setError(undefined);
        }}
      />
      <Boton type="submit" variante={!esQr && paso.accion === 'desactivar' ? 'peligro' : 'primario'} className="w-full" disabled={enviando}>
        {enviando ? 'Un momento…' : esQr ? MSG_MFA.verificar : BOTON[paso.accion]}
      </Boton>
      <Boton variante="secundario" className="w-full" onClick={() => alTerminar()} disabled={enviando}>
        Cancelar
      </Boton>
    </form>
  );
}

function Qr({ inscripcion }: { inscripcion: InscripcionTotp }) {
  return (
    <div className="space-y-2">
      <p className="text-sm text-tinta-700">{MSG_MFA.escanea}</p>
      <img
        src={inscripcion.qr}
        alt={MSG_MFA.qrAlt}
        width={192}
        height={192}
        className="mx-auto rounded-lg border border-arena-200 bg-white"
      />
      <p className="text-sm text-tinta-700">{MSG_MFA.secretoTexto}</p>
      <code
        data-secreto-mfa
        className="block rounded-lg bg-arena-50 px-3 py-2 text-center font-mono text-sm tracking-wider [overflow-wrap:anywhere]"
      >
        {inscripcion.secreto.replace(/(.{4})/g, '$1 ').trim()}
      </code>
    </div>
  );
}

function Codigos({ codigos, alTerminar }: { codigos: string[]; alTerminar: () => void }) {
  const [copiados, setCopiados] = useState<boolean | null>(null);
  const texto = `MiDuelo — ${MSG_MFA.codigosTitulo}\n\n${codigos.join('\n')}\n`;
  useEffect(() => document.getElementById('mfa-app-copiar')?.focus(), []);
  async function copiar() {
    try {
      await navigator.clipboard.writeText(texto);
      setCopiados(true);
    } catch {
      setCopiados(false);
    }
  }
  return (
    <div className="space-y-3" data-codigos-app>
      <h3 className="font-semibold">{MSG_MFA.codigosTitulo}</h3>
      <p className="text-sm text-tinta-700">{MSG_MFA.codigosInstruccion}</p>
      <ul aria-label={MSG_MFA.codigosTitulo} className="grid grid-cols-2 gap-2 rounded-xl bg-arena-50 p-3 font-mono text-tinta-900">
        {codigos.map((c) => (
          <li key={c} data-codigo-recuperacion>
            {c}
          </li>
        ))}
      </ul>
      <Boton id="mfa-app-copiar" variante="secundario" className="w-full" onClick={copiar}>
        {MSG_MFA.copiar}
      </Boton>
      {copiados !== null && (
        <Aviso tono={copiados ? 'exito' : 'error'}>{copiados ? MSG_MFA.copiados : 'No se pudieron copiar. Anótalos a mano.'}</Aviso>
      )}
      <Boton className="w-full" onClick={alTerminar}>
        {MSG_MFA.listo}
      </Boton>
    </div>
  );
}
