import {
  CONTENIDO_NOTA_MAX,
  MSG_EXPEDIENTE,
  type Nota,
  type TipoNota,
  TEXTOS_EXPEDIENTE,
  TITULO_NOTA_MAX,
} from '@miduelo/shared/expediente';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { crearNota, editarNota } from '@/api/expediente';
import { cx } from '@/lib/cx';
import { ApiError, mensajeDeError } from '@/nucleo/http';
import { useIdCliente } from '@/nucleo/id-cliente';
import { useSinGuardar } from '@/lib/sin-guardar';
import { toast } from '@/lib/toast';

/** The note modal (spec 1 §2, §5): 'Nueva Nota' or 'Editar Nota', the type choice only when creating
 * and not tied to an application, title and content with counters, the save button disabled while
 * either is blank or while saving, and closing blocked while saving. */
export default function NotaDialog({
  abierto,
  nota,
  idPaciente,
  idAplicacion = null,
  onCerrar,
  onGuardada,
  onActual,
}: {
  abierto: boolean;
  nota: Nota | null;
  idPaciente: number;
  idAplicacion?: number | null;
  onCerrar: () => void;
  onGuardada: (n: Nota, nueva: boolean) => void;
  /** The note as saved meanwhile elsewhere (a refused edit's answer), for the list behind. */
  onActual?: (n: Nota) => void;
}) {
  const edicion = nota !== null;
  // The version this edit is made over: the note as opened, or the current one the server answered
  // when another tab or device had saved it meanwhile (decision 307).
  const [base, setBase] = useState<Nota | null>(nota);
  const [actual, setActual] = useState<Nota | null>(null);
  const [titulo, setTitulo] = useState('');
  const [contenido, setContenido] = useState('');
  const [tipo, setTipo] = useState<TipoNota>(idAplicacion ? 'test' : 'general');
  const [guardando, setGuardando] = useState(false);
  const [errores, setErrores] = useState<{ titulo?: string; contenido?: string }>({});
  // The client id of the note (decision 313), one per opening and content: a save whose answer
  // never arrived (the note may be stored), tried again unchanged, answers that note instead of
  // storing it twice; changed meanwhile, it is sent with a new id and stored as a note of its own
  // (the first text stays too: both show in the list), so her change is never lost silently.
  const idCliente = useIdCliente(abierto);

  useEffect(() => {
    if (!abierto) return;
    setTitulo(nota?.titulo ?? '');
    setContenido(nota?.contenido ?? '');
    setTipo(nota?.tipo ?? (idAplicacion ? 'test' : 'general'));
    setErrores({});
    setBase(nota);
    setActual(null);
  }, [abierto, nota, idAplicacion]);

  const vacio = titulo.trim() === '' || contenido.trim() === '';
  // What she typed and has not saved: closing or leaving asks first (decision 308).
  const pendiente = abierto && !guardando && (titulo !== (nota?.titulo ?? '') || contenido !== (nota?.contenido ?? ''));
  const descarte = { ...TEXTOS_EXPEDIENTE.descartar, texto: TEXTOS_EXPEDIENTE.descartar.nota };
  const puedeCerrar = useSinGuardar(pendiente, descarte);

  async function pedirCierre() {
    if (!guardando && (await puedeCerrar())) onCerrar();
  }
  // Counted as the server counts (trimmed); a text pasted past the limit stays whole and says so,
  // instead of being cut without notice by the field (clinical text is never dropped silently).
  const largoTitulo = titulo.trim().length;
  const largoContenido = contenido.trim().length;
  const excede = {
    titulo: largoTitulo > TITULO_NOTA_MAX ? MSG_EXPEDIENTE.tituloLargo : undefined,
    contenido: largoContenido > CONTENIDO_NOTA_MAX ? MSG_EXPEDIENTE.contenidoLargo : undefined,
  };

  async function guardar(e: FormEvent) {
    e.preventDefault();
    const faltan = {
      titulo: titulo.trim() === '' ? MSG_EXPEDIENTE.titulo : undefined,
      contenido: contenido.trim() === '' ? MSG_EXPEDIENTE.contenido : undefined,
    };
    setErrores(faltan);
    if (faltan.titulo || faltan.contenido || excede.titulo || excede.contenido || guardando) return;
    setGuardando(true);
    try {
      const datos = {
        id_paciente: idPaciente,
        titulo,
        contenido,
        tipo: idAplicacion ? ('test' as const) : tipo,
        id_aplicacion: idAplicacion,
      };
      const n = edicion
        ? await editarNota(nota.id_nota, { titulo, contenido, version: (base ?? nota).version })
        : await crearNota({
            ...datos,
            // Compared as the server stores it (trimmed): spaces alone do not make another note.
            id_cliente: idCliente.idPara({ ...datos, titulo: titulo.trim(), contenido: contenido.trim() }),
          });
      idCliente.renovar();
      toast.exito(edicion ? TEXTOS_EXPEDIENTE.notaActualizada : TEXTOS_EXPEDIENTE.notaCreada);
      onGuardada(n, !edicion);
    } catch (err) {
      // The server holds this id with other content (edited elsewhere since): saving again, as its
      // message asks, sends a new id and stores it.
      if (err instanceof ApiError && err.code === 'ID_CLIENTE_DISTINTO') idCliente.renovar();
      const vigente = err instanceof ApiError && err.code === 'NOTA_DESACTUALIZADA' ? (err.cuerpo as { nota?: Nota }).nota : undefined;
      if (vigente) {
        // What she typed stays in the form; the saved version is shown beside it, and the next save
        // is made over it, knowingly.
        setBase(vigente);
        setActual(vigente);
        onActual?.(vigente);
      }
      if (!(err instanceof ApiError && err.sesionCerrada))
        toast.error(edicion ? TEXTOS_EXPEDIENTE.errorActualizarNota : TEXTOS_EXPEDIENTE.errorCrearNota, mensajeDeError(err));
    } finally {
      setGuardando(false);
    }
  }

  const bloquear = (ev: Event) => guardando && ev.preventDefault();
  return (
    <Dialog open={abierto} onOpenChange={(o) => !o && void pedirCierre()}>
      <DialogContent
        titulo={edicion ? TEXTOS_EXPEDIENTE.editarNota : TEXTOS_EXPEDIENTE.nuevaNota}
        ancho="lg"
        sinCerrar={guardando}
        onEscapeKeyDown={bloquear}
        onPointerDownOutside={bloquear}
      >
        <form onSubmit={(e) => void guardar(e)} className="flex flex-col gap-4" noValidate>
          {actual ? <VersionActual nota={actual} /> : null}
          {!edicion && !idAplicacion ? <ElegirTipoNota tipo={tipo} onTipo={setTipo} deshabilitado={guardando} /> : null}
          <Field
            id="nota-titulo"
            etiqueta={TEXTOS_EXPEDIENTE.tituloNota}
            error={errores.titulo ?? excede.titulo}
            ayuda={`${largoTitulo}/${TITULO_NOTA_MAX}`}
          >
            {(c) => <Input {...c} value={titulo} disabled={guardando} onChange={(e) => setTitulo(e.target.value)} />}
          </Field>
          <Field
            id="nota-contenido"
            etiqueta={TEXTOS_EXPEDIENTE.contenidoNota}
            error={errores.contenido ?? excede.contenido}
            ayuda={`${largoContenido}/${CONTENIDO_NOTA_MAX}`}
          >
            {(c) => <Textarea {...c} rows={7} value={contenido} disabled={guardando} onChange={(e) => setContenido(e.target.value)} />}
          </Field>
          <DialogFooter className="mt-2">
            <Button type="button" variante="secundario" onClick={() => void pedirCierre()} disabled={guardando}>
              {TEXTOS_EXPEDIENTE.cancelar}
            </Button>
            <Button type="submit" disabled={vacio || guardando || Boolean(excede.titulo || excede.contenido)}>
              {guardando ? 'Guardando...' : edicion ? TEXTOS_EXPEDIENTE.actualizar : TEXTOS_EXPEDIENTE.guardar}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The note as saved meanwhile elsewhere, shown beside what she typed (decision 307). */
function VersionActual({ nota }: { nota: Nota }) {
  return (
    <div role="alert" className="rounded-xl border border-pendiente-borde bg-aviso-50 p-3 text-sm text-aviso-700">
      <p>{MSG_EXPEDIENTE.notaDesactualizada}</p>
      <p className="mt-2 font-medium">{TEXTOS_EXPEDIENTE.versionActual}</p>
      <div className="mt-1 max-h-40 overflow-y-auto rounded-lg bg-papel p-2 text-tinta-800" data-nota-actual>
        <p className="font-semibold wrap-anywhere">{nota.titulo}</p>
        <p className="whitespace-pre-wrap wrap-anywhere">{nota.contenido}</p>
      </div>
    </div>
  );
}

/** General or test note: offered only when creating a note not tied to an application. */
function ElegirTipoNota({ tipo, onTipo, deshabilitado }: { tipo: TipoNota; onTipo: (t: TipoNota) => void; deshabilitado: boolean }) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-tinta-800">{TEXTOS_EXPEDIENTE.tipoNota}</legend>
      <div className="flex gap-2">
        {(['general', 'test'] as const).map((t) => (
          <label
            key={t}
            className={cx(
              'flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm',
              tipo === t ? 'border-salvia-600 bg-salvia-50 text-salvia-900' : 'border-arena-300',
            )}
          >
            <input type="radio" name="tipo-nota" value={t} checked={tipo === t} onChange={() => onTipo(t)} disabled={deshabilitado} />
            {t === 'general' ? TEXTOS_EXPEDIENTE.notaGeneral : TEXTOS_EXPEDIENTE.notaTest}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
