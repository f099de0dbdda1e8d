// The forums a patient may join (public ones) and has joined (issue 17, decisions 161, 164, 213):
// the list, a forum with its topics (new topics live), and a topic's posts, live over the socket
// (merged by sequence number, resynchronised after a reconnection, polled while offline). Each
// part lives in pantallas/foros/; their requests in api/foros.ts.
import { DetalleForo } from './foros/detalle';
import { ListaForos } from './foros/lista';
import { TemaForo } from './foros/tema';

export default function Foros({ ruta }: { ruta: string }) {
  const tema = /^\/foros\/(\d{1,10})\/temas\/(\d{1,10})$/.exec(ruta);
  if (tema) return <TemaForo key={tema[2]} idForo={Number(tema[1])} idTema={Number(tema[2])} />;
  const foro = /^\/foros\/(\d{1,10})$/.exec(ruta);
  if (foro) return <DetalleForo idForo={Number(foro[1])} />;
  return <ListaForos />;
}
