// The top bar's unread total: a list requested before a live event must not undo that event's count
// when it answers after it (the list was read before the message was stored).
import { beforeEach, describe, expect, it } from 'vitest';
import { fijarNoLeidos, marcaNoLeidos, reemplazarNoLeidos, totalNoLeidos, useNoLeidos } from '@/lib/no-leidos';

const porChat = () => useNoLeidos.getState().porChat;

describe('total de no leídos de la barra', () => {
  beforeEach(() => reemplazarNoLeidos([]));

  it('una lista pedida antes de un evento no borra la cuenta que ese evento puso', () => {
    const desde = marcaNoLeidos();
    fijarNoLeidos(7, 1); // a message arrives while the list is on its way
    reemplazarNoLeidos(
      [
        { id: 7, mensajes_no_leidos: 0 },
        { id: 8, mensajes_no_leidos: 2 },
      ],
      desde,
    );
    expect(porChat()).toEqual({ 7: 1, 8: 2 });
    expect(totalNoLeidos(useNoLeidos.getState())).toBe(3);
  });

  it('una lista pedida después del evento manda (también para bajar a cero al leer)', () => {
    fijarNoLeidos(7, 3);
    const desde = marcaNoLeidos();
    reemplazarNoLeidos([{ id: 7, mensajes_no_leidos: 0 }], desde);
    expect(porChat()).toEqual({ 7: 0 });
  });

  it('sin marca (la lista viva de la pantalla de chat) reemplaza todo', () => {
    fijarNoLeidos(7, 1);
    fijarNoLeidos(9, 4);
    reemplazarNoLeidos([{ id: 7, mensajes_no_leidos: 2 }]);
    expect(porChat()).toEqual({ 7: 2 });
  });
});
