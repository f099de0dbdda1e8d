// The baseline of bench/chat: a bare Socket.IO server in its own process. Each socket joins its
// account's room; a client emit is relayed to the rooms of the two participants. No HTTP, no
// authentication, no database: the cost of live delivery alone, on the same machine and load.
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { atenderAlPadre, opcionesDePing } from '../comun/hijo';

const servidor = createServer();
const io = new Server(servidor, { serveClient: false, ...opcionesDePing() });

io.on('connection', (socket) => {
  const cuenta = Number((socket.handshake.auth as { cuenta?: unknown }).cuenta);
  void socket.join(`cuenta:${cuenta}`);
  socket.on('enviar', (p: { salas: number[]; mensaje: unknown }) => {
    io.to(p.salas.map((c) => `cuenta:${c}`)).emit('mensaje', p.mensaje);
  });
});

servidor.listen(0, '127.0.0.1', () => {
  const dir = servidor.address();
  process.send?.({ tipo: 'listo', url: typeof dir === 'object' && dir ? `http://127.0.0.1:${dir.port}` : '' });
});
atenderAlPadre(
  () =>
    new Promise<void>((listo) => {
      io.close();
      servidor.close(() => listo());
    }),
);
