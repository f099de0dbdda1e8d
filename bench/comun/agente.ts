import http from 'node:http';

/**
 * The benches' HTTP clients: keep-alive connections, as the web client and the app keep theirs,
 * closed by the client after 30 s idle, before the server would (Fastify: 72 s). Without a
 * `timeout` Node's agent keeps an idle connection for ever: it reads the server's
 * `Keep-Alive: timeout=72` hint only when a timeout is set. A request written on a connection the
 * server is closing meets ECONNRESET; closing first, on the client's side, leaves the server nothing
 * idle to close.
 */
export function agenteKeepAlive(maxSockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets, timeout: 30_000 });
}
