// The baseline of bench/foros: a bare Socket.IO server in its own process. Every socket joins one
// room; a publisher's emit is broadcast to that room. No HTTP, no authentication, no database, no
// sequence numbers: the cost of a fan-out of the same size alone, on the same machine and load.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const servidor = createServer();
const io = new Server(servidor, { serveClient: false });

io.on('connection', (socket) => {
  socket.on('unirse', (_p: unknown, ack: () => void) => {
    void socket.join('tema');
    ack();
  });
  socket.on('publicar', (p: unknown) => {
    io.to('tema').emit('foro:mensaje', { mensaje: p });
  });
});

servidor.listen(0, '127.0.0.1', () => {
  const dir = servidor.address();
  process.send?.({ tipo: 'listo', url: typeof dir === 'object' && dir ? `http://127.0.0.1:${dir.port}` : '' });
});
process.on('message', (m: { tipo?: string }) => {
  if (m?.tipo !== 'cerrar') return;
  io.close();
  servidor.close(() => process.exit(0));
});
process.on('disconnect', () => process.exit(0));
