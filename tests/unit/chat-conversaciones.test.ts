// The chat screen's conversation store (features/chat/conversaciones.ts) without a browser: a fake
// side adapter answers over "HTTP", socket events are fed through `eventos`, and the store's state
// is what the screen would render.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The client's modules read browser globals when they load (the stored session, timers on
// `window`); a node test gives them the little they need.
vi.hoisted(() => {
  const datos = new Map<string, string>();
  const almacen = {
    getItem: (k: string) => datos.get(k) ?? null,
    setItem: (k: string, v: string) => void datos.set(k, v),
    removeItem: (k: string) => void datos.delete(k),
    clear: () => datos.clear(),
  };
  Object.assign(globalThis, { window: globalThis, localStorage: almacen, sessionStorage: almacen });
});

import type { AdaptadorConv, MensajeServidor, ResumenBase } from '@/features/chat/conversaciones-tipos';
import { ApiError } from '@/nucleo/http';
import { useToasts } from '@/lib/toast';

type Resumen = ResumenBase & { id: number };

const resumen = (id: number, o: Partial<Resumen> = {}): Resumen => ({
  id,
  ultimo_mensaje: null,
  mensajes_no_leidos: 0,
  ultimo_seq: 0,
  rev: 0,
  fecha_creacion: '2026-03-01T10:00:00.000Z',
  ...o,
});

const mensaje = (id_chat: number, seq: number, o: Partial<MensajeServidor> = {}): MensajeServidor => ({
  id_mensaje: 1000 + seq,
  id_chat,
  contenido: `mensaje ${seq}`,
  remitente: 'paciente',
  fecha_envio: `2026-03-01T10:${String(seq).padStart(2, '0')}:00.000Z`,
  seq,
  id_cliente: null,
  leido: false,
  ...o,
});

/** A side whose server is a few arrays; every call is recorded. */
function adaptadorFalso(chats: Resumen[], historia: Record<number, MensajeServidor[]>) {
  const enviar = vi.fn<AdaptadorConv<Resumen>['enviar']>(async (id, contenido, id_cliente) => {
    historia[id] = historia[id] ?? [];
    const lista = historia[id];
    // The server stores a client id at most once.
    const previo = lista.find((m) => m.id_cliente === id_cliente);
    if (previo) return previo;
    const m = mensaje(id, lista.length + 1, { contenido, remitente: 'psicologo', id_cliente });
    lista.push(m);
    return m;
  });
  const leer = vi.fn(async (_id: number) => ({}));
  const ad: AdaptadorConv<Resumen> = {
    propio: 'psicologo',
    idDe: (r) => r.id,
    listar: async () => chats.map((c) => ({ ...c })),
    mensajes: async (id, { despues_de = 0, antes_de, limite = 200 }) =>
      (historia[id] ?? []).filter((m) => m.seq > despues_de && (antes_de === undefined || m.seq < antes_de)).slice(-limite),
    enviar,
    leer,
    textoErrorEnvio: 'Error al enviar el mensaje',
    socket: {
      suscribir: () => () => {},
      unirse: async () => null,
      enviar: async () => {
        throw new Error('sin socket');
      },
      salir: () => {},
      escribiendo: () => {},
    },
  };
  return { ad, enviar, leer };
}

let crearConversaciones: typeof import('@/features/chat/conversaciones').crearConversaciones;
beforeAll(async () => {
  ({ crearConversaciones } = await import('@/features/chat/conversaciones'));
});
beforeEach(() => useToasts.setState({ toasts: [] }));
afterEach(() => vi.useRealTimers());

/** Lets the store's pending promises settle. */
const esperar = () => new Promise((r) => setTimeout(r, 0));

describe('lista de conversaciones y no leídos', () => {
  it('carga la lista y aplica el conteo de no leídos solo si su revisión es más nueva', async () => {
    const { ad } = adaptadorFalso([resumen(1, { mensajes_no_leidos: 2, rev: 5 }), resumen(2)], {});
    const conv = crearConversaciones(ad);
    await conv.cargarLista();
    expect(conv.useConv.getState().chats.map((c) => [c.id, c.mensajes_no_leidos])).toEqual([
      [1, 2],
      [2, 0],
    ]);

    conv.eventos.noLeidos({ id: 1, mensajes_no_leidos: 3, rev: 6 });
    expect(conv.useConv.getState().chats[0].mensajes_no_leidos).toBe(3);
    // An older count that arrives late (events cross) is ignored.
    conv.eventos.noLeidos({ id: 1, mensajes_no_leidos: 1, rev: 4 });
    expect(conv.useConv.getState().chats[0].mensajes_no_leidos).toBe(3);
  });

  it('una respuesta de la lista más vieja que un evento no deshace el conteo del evento', async () => {
    const servidor = [resumen(1, { mensajes_no_leidos: 0, rev: 1 })];
    const { ad } = adaptadorFalso(servidor, {});
    const conv = crearConversaciones(ad);
    await conv.cargarLista();
    conv.eventos.noLeidos({ id: 1, mensajes_no_leidos: 4, rev: 3 });
    // The list answers with revision 2: computed before the event.
    servidor[0] = resumen(1, { mensajes_no_leidos: 1, rev: 2 });
    await conv.cargarLista();
    expect(conv.useConv.getState().chats[0].mensajes_no_leidos).toBe(4);
    // A newer answer wins.
    servidor[0] = resumen(1, { mensajes_no_leidos: 0, rev: 9 });
    await conv.cargarLista();
    expect(conv.useConv.getState().chats[0].mensajes_no_leidos).toBe(0);
  });

  it('un mensaje nuevo sube su conversación al primer lugar con su vista previa; uno más viejo no la cambia', async () => {
    const { ad } = adaptadorFalso([resumen(1, { ultimo_seq: 3 }), resumen(2, { ultimo_seq: 7 })], {});
    const conv = crearConversaciones(ad);
    await conv.cargarLista();
    conv.eventos.mensaje(mensaje(2, 8, { contenido: 'hola' }));
    conv.eventos.mensaje(mensaje(1, 4, { contenido: 'buenas' }));
    let chats = conv.useConv.getState().chats;
    expect(chats.map((c) => c.id)).toEqual([1, 2]);
    expect(chats[0]).toMatchObject({ ultimo_seq: 4, ultimo_mensaje: { contenido: 'buenas' } });

    conv.eventos.mensaje(mensaje(2, 5, { contenido: 'viejo' }));
    chats = conv.useConv.getState().chats;
    expect(chats.map((c) => c.id)).toEqual([1, 2]);
    expect(chats[1]).toMatchObject({ ultimo_seq: 8, ultimo_mensaje: { contenido: 'hola' } });
  });
});

describe('conversación abierta', () => {
  it('al abrirla carga su historia, la marca leída y pone su conteo en cero', async () => {
    const historia = { 1: [mensaje(1, 1), mensaje(1, 2)] };
    const { ad, leer } = adaptadorFalso([resumen(1, { mensajes_no_leidos: 2, ultimo_seq: 2 })], historia);
    const conv = crearConversaciones(ad);
    await conv.cargarLista();
    await conv.seleccionar(1);
    await esperar();
    const s = conv.useConv.getState();
    expect(s.mensajes[1].map((m) => m.seq)).toEqual([1, 2]);
    expect(s.cargandoMensajes).toBe(false);
    expect(leer).toHaveBeenCalledWith(1);
    expect(s.chats[0].mensajes_no_leidos).toBe(0);
  });

  it('un mensaje recibido por evento y otra vez en la resincronización se muestra una vez, en orden de seq', async () => {
    const historia = { 1: [mensaje(1, 1)] };
    const { ad } = adaptadorFalso([resumen(1, { ultimo_seq: 1 })], historia);
    const conv = crearConversaciones(ad);
    await conv.cargarLista();
    await conv.seleccionar(1);
    // Seq 3 arrives by event before seq 2; then a resync (poll) returns 2 and 3 again.
    historia[1].push(mensaje(1, 2), mensaje(1, 3));
    conv.eventos.mensaje(mensaje(1, 3));
    expect(conv.useConv.getState().mensajes[1].map((m) => m.seq)).toEqual([1, 3]);
    await conv.recargarAbierto();
    expect(conv.useConv.getState().mensajes[1].map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it('un conteo de no leídos de la conversación abierta queda en cero y programa la lectura', async () => {
    const { ad, leer } = adaptadorFalso([resumen(1)], { 1: [] });
    const conv = crearConversaciones(ad);
    await conv.cargarLista();
    await conv.seleccionar(1);
    await esperar();
    leer.mockClear();
    vi.useFakeTimers();
    conv.eventos.noLeidos({ id: 1, mensajes_no_leidos: 1, rev: 1 });
    expect(conv.useConv.getState().chats[0].mensajes_no_leidos).toBe(0);
    expect(leer).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(300);
    expect(leer).toHaveBeenCalledWith(1);
  });

  it('el recibo de lectura marca los mensajes propios hasta hasta_seq, y una copia posterior no lo deshace', async () => {
    const propio = (seq: number) => mensaje(1, seq, { remitente: 'psicologo' });
    const { ad } = adaptadorFalso([resumen(1)], { 1: [propio(1), mensaje(1, 2), propio(3)] });
    const conv = crearConversaciones(ad);
    await conv.cargarLista();
    await conv.seleccionar(1);
    conv.eventos.leido({ id: 1, hasta_seq: 2 });
    const leidos = () => conv.useConv.getState().mensajes[1].map((m) => [m.seq, m.leido]);
    // Only own messages up to seq 2: the patient's message and own seq 3 are untouched.
    expect(leidos()).toEqual([
      [1, true],
      [2, false],
      [3, false],
    ]);
    // A copy of seq 1 sent before the receipt (a resync page) says leido: false.
    conv.eventos.mensaje(propio(1));
    expect(leidos()[0]).toEqual([1, true]);
  });
});

describe('envíos', () => {
  /** A conversation open with its first send held in flight until `resolver` answers it. */
  async function envioEnVuelo() {
    const { ad, enviar } = adaptadorFalso([resumen(1)], { 1: [] });
    const conv = crearConversaciones(ad);
    await conv.cargarLista();
    await conv.seleccionar(1);
    let resolver: (m: MensajeServidor) => void = () => {};
    enviar.mockImplementationOnce(() => new Promise((r) => (resolver = r)));
    return { conv, resolver: (m: MensajeServidor) => resolver(m) };
  }

  it('el envío aparece al instante como pendiente y la respuesta lo reemplaza por el guardado', async () => {
    const { conv, resolver } = await envioEnVuelo();

    expect(conv.enviar('  Hola  ')).toBe(true);
    const [pendiente] = conv.useConv.getState().mensajes[1];
    expect(pendiente).toMatchObject({ contenido: 'Hola', estado: 'enviando', seq: null, remitente: 'psicologo' });
    expect(pendiente.id_cliente).toEqual(expect.any(String));

    resolver(mensaje(1, 1, { contenido: 'Hola', remitente: 'psicologo', id_cliente: pendiente.id_cliente }));
    await esperar();
    const ms = conv.useConv.getState().mensajes[1];
    expect(ms).toHaveLength(1);
    expect(ms[0]).toMatchObject({ seq: 1, estado: 'enviado', id_cliente: pendiente.id_cliente });
    expect(conv.useConv.getState().chats[0].ultimo_mensaje?.contenido).toBe('Hola');
  });

  it('si el evento del propio mensaje llega antes que la respuesta, queda una sola copia', async () => {
    const { conv, resolver } = await envioEnVuelo();
    conv.enviar('Hola');
    const idCliente = conv.useConv.getState().mensajes[1][0].id_cliente;
    const guardado = mensaje(1, 1, { contenido: 'Hola', remitente: 'psicologo', id_cliente: idCliente });

    conv.eventos.mensaje(guardado);
    expect(conv.useConv.getState().mensajes[1]).toHaveLength(1);
    resolver(guardado);
    await esperar();
    expect(conv.useConv.getState().mensajes[1].map((m) => [m.seq, m.estado])).toEqual([[1, 'enviado']]);
  });

  it('un envío sin red queda en error y el reintento usa el mismo id_cliente: se guarda una vez', async () => {
    const historia: Record<number, MensajeServidor[]> = { 1: [] };
    const { ad, enviar } = adaptadorFalso([resumen(1)], historia);
    const conv = crearConversaciones(ad);
    await conv.cargarLista();
    await conv.seleccionar(1);
    enviar.mockRejectedValueOnce(new ApiError(0, null));
    conv.enviar('Hola');
    await esperar();
    const [fallido] = conv.useConv.getState().mensajes[1];
    expect(fallido).toMatchObject({ estado: 'error', seq: null });
    expect(useToasts.getState().toasts.map((t) => t.texto)).toEqual(['Error al enviar el mensaje']);

    conv.reintentar(1, fallido.id_cliente as string);
    conv.reintentar(1, fallido.id_cliente as string);
    await esperar();
    expect(enviar.mock.calls.map((c) => c[2])).toEqual([fallido.id_cliente, fallido.id_cliente]);
    expect(historia[1]).toHaveLength(1);
    expect(conv.useConv.getState().mensajes[1].map((m) => [m.seq, m.estado])).toEqual([[1, 'enviado']]);
  });

  it('un texto vacío no se envía', async () => {
    const { ad, enviar } = adaptadorFalso([resumen(1)], { 1: [] });
    const conv = crearConversaciones(ad);
    await conv.cargarLista();
    await conv.seleccionar(1);
    expect(conv.enviar('   ')).toBe(false);
    expect(enviar).not.toHaveBeenCalled();
    expect(conv.useConv.getState().mensajes[1]).toEqual([]);
  });
});
