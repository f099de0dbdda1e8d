import { longitudTexto } from '@miduelo/shared/comun';
import { type Foro, INVITACION_MENSAJE_MAX, MSG_FOROS, type Participante, TEXTOS_FOROS, tieneRango } from '@miduelo/shared/foros';
import { type FormEvent, useState } from 'react';
import { invitar, participantes as listarParticipantes, quitarParticipante } from '@/api/foros';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { confirmar } from '@/lib/confirm';
import { fechaCorta } from '@/lib/format';
import { toast } from '@/lib/toast';
import { mensajeDeError } from '@/nucleo/http';
import { useLiveResource } from '@/nucleo/live/use-live-resource';
import { InsigniaRol } from './rol';

/** Tab Participantes of a forum (spec 2 §2): who takes part and their role; its moderators remove
 * members, its admin also invites moderators by e-mail. */
export function ParticipantesForo({ foro }: { foro: Foro }) {
  const lista = useLiveResource({
    fetch: (signal) => listarParticipantes(foro.id_foro, signal),
    deps: [foro.id_foro, foro.total_participantes],
  });
  const moderador = tieneRango(foro.rol_usuario, 'moderador');

  async function quitar(p: Participante) {
    const nombre = `${p.usuario.nombre} ${p.usuario.apellido}`;
    if (!(await confirmar({ titulo: TEXTOS_FOROS.confirmarQuitar(nombre), confirmar: TEXTOS_FOROS.quitar, peligro: true }))) return;
    try {
      const r = await quitarParticipante(foro.id_foro, p.id_participante);
      toast.exito(r.data.msg);
      lista.recargar();
    } catch (e) {
      toast.error('Error', mensajeDeError(e, 'Error'));
    }
  }

  return (
    <div className="flex flex-col gap-6">
      {foro.rol_usuario === 'admin' ? <InvitarModerador idForo={foro.id_foro} /> : null}
      {!lista.data ? (
        <Spinner className="size-6 text-salvia-500" etiqueta="Cargando participantes" />
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" data-participantes-lista>
          {lista.data.data.map((p) => (
            <li
              key={p.id_participante}
              className="flex items-center justify-between gap-3 rounded-xl border border-arena-200 bg-papel px-4 py-3"
            >
              <div className="min-w-0">
                <p className="font-medium text-tinta-900 [overflow-wrap:anywhere]">
                  {p.usuario.nombre} {p.usuario.apellido}
                </p>
                <p className="text-sm text-tinta-600">
                  {TEXTOS_FOROS.tipos[p.tipo_usuario] ?? p.tipo_usuario} · {TEXTOS_FOROS.unido} {fechaCorta(p.fecha_union)}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <InsigniaRol rol={p.rol} />
                {moderador && tieneRango(foro.rol_usuario, p.rol === 'miembro' ? 'moderador' : 'admin') && p.rol !== 'admin' ? (
                  <Button variante="fantasma" tamano="sm" onClick={() => void quitar(p)}>
                    {TEXTOS_FOROS.quitar}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function InvitarModerador({ idForo }: { idForo: number }) {
  const [correo, setCorreo] = useState('');
  const [mensaje, setMensaje] = useState('');
  const [enviando, setEnviando] = useState(false);
  // Counted as the server counts it; a longer message stays whole and says so (decision 295).
  const largo = longitudTexto(mensaje.trim());
  const excedido = largo > INVITACION_MENSAJE_MAX;
  async function enviar(e: FormEvent) {
    e.preventDefault();
    if (excedido) return;
    setEnviando(true);
    try {
      const r = await invitar(idForo, correo, mensaje);
      toast.exito(r.msg);
      setCorreo('');
      setMensaje('');
    } catch (err) {
      toast.error('Error', mensajeDeError(err, 'Error'));
    } finally {
      setEnviando(false);
    }
  }
  return (
    <Card className="p-4">
      <form onSubmit={(e) => void enviar(e)} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <label htmlFor="invitar-correo" className="flex flex-col gap-1.5 text-sm font-medium text-tinta-800">
          {TEXTOS_FOROS.correoInvitado}
          <Input id="invitar-correo" type="email" value={correo} onChange={(e) => setCorreo(e.target.value)} required maxLength={254} />
        </label>
        <label htmlFor="invitar-mensaje" className="flex flex-col gap-1.5 text-sm font-medium text-tinta-800">
          {TEXTOS_FOROS.mensajeInvitacion}
          <Textarea
            id="invitar-mensaje"
            rows={1}
            value={mensaje}
            onChange={(e) => setMensaje(e.target.value)}
            aria-invalid={excedido || undefined}
            aria-describedby="invitar-mensaje-error"
          />
          <span id="invitar-mensaje-error" aria-live="polite" className={excedido ? 'font-normal text-peligro-700' : 'hidden'}>
            {MSG_FOROS.invitacionMensajeLargo} ({largo}/{INVITACION_MENSAJE_MAX})
          </span>
        </label>
        <Button type="submit" disabled={enviando || correo.trim() === '' || excedido}>
          {TEXTOS_FOROS.invitar}
        </Button>
      </form>
    </Card>
  );
}
