// A small fake of the licence registry (decision 142), started by the test: it answers what the
// test put in `respuestas`, per cédula, and records every request.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RespuestaFalsa =
  | { tipo: 'items'; items: Array<Record<string, unknown>> }
  | { tipo: 'estado'; estado: number; cuerpo?: string }
  | { tipo: 'colgar' };

export interface RegistroFalso {
  url: string;
  respuestas: Map<string, RespuestaFalsa>;
  pedidos: URL[];
  cerrar(): Promise<void>;
}

export async function iniciarRegistroFalso(): Promise<RegistroFalso> {
  const respuestas = new Map<string, RespuestaFalsa>();
  const pedidos: URL[] = [];
  const colgados = new Set<http.ServerResponse>();
  const srv = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://registro.local');
    pedidos.push(url);
    const r = respuestas.get(url.searchParams.get('cedula') ?? '') ?? { tipo: 'items', items: [] };
    if (r.tipo === 'colgar') {
      colgados.add(res);
      return;
    }
    if (r.tipo === 'estado') {
      res.writeHead(r.estado, { 'content-type': 'text/plain' }).end(r.cuerpo ?? 'error');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items: r.items }));
  });
  await new Promise<void>((ok) => srv.listen(0, '127.0.0.1', ok));
  const { port } = srv.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/cedulas`,
    respuestas,
    pedidos,
    async cerrar() {
      for (const r of colgados) r.destroy();
      srv.closeAllConnections();
      await new Promise<void>((ok) => srv.close(() => ok()));
    },
  };
}
