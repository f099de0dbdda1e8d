// The Socket.IO events as an AsyncAPI 3.0 document (decision 384), built from eventos-socket.json,
// which eventos-desde-tipos.ts generates from the typed event maps of shared/. The application is
// the server: what it emits is `send`, what it listens to is `receive`.
import eventosJson from './eventos-socket.json' with { type: 'json' };
import type { EventoSocket } from './eventos-desde-tipos';

type Json = Record<string, unknown>;

const EVENTOS = eventosJson as EventoSocket[];

const DESCRIPCION = `Eventos en tiempo real de MiDuelo sobre Socket.IO, en el mismo origen que la API REST
([referencia REST](/api/docs)).

- **Conexión:** \`io(origen, { auth: { token } })\` con el mismo JWT de la API; el servidor lo verifica
  igual que en HTTP y une el socket a su sala personal (\`psicologo:{id}\`, \`paciente:{id}\`, \`admin:{id}\`).
  Las salas de conversación, tema o sesión se abren con los eventos \`*:unirse\`, tras comprobar el acceso.
- **Acuses:** los eventos con \`reply\` reciben un acuse \`{ ok: true, data }\` o \`{ ok: false, msg, code }\`.
- **Sin pérdidas:** mensajes con número de secuencia; al reconectar, el cliente pide lo posterior a su última secuencia.
- Las descripciones de cada evento son los comentarios de su declaración en \`shared/src/realtime-*.ts\`.`;

const DIRECCION = { 'servidor-a-cliente': 'Servidor → cliente', 'cliente-a-servidor': 'Cliente → servidor' } as const;

/** A key AsyncAPI accepts for channels, operations and messages (`chat:mensaje` → `chat_mensaje`). */
export const claveDeEvento = (nombre: string) => nombre.replace(/[^A-Za-z0-9_-]/g, '_');

export function documentoAsyncApi(version: string): Json {
  const channels: Record<string, Json & { messages: Json }> = {};
  const operations: Json = {};
  const messages: Json = {};
  for (const e of EVENTOS) {
    const clave = claveDeEvento(e.nombre);
    const lado = e.direccion === 'servidor-a-cliente' ? 'servidor' : 'cliente';
    const idMensaje = `${clave}__${lado}`;
    channels[clave] ??= { address: e.nombre, title: e.nombre, messages: {} };
    const canal = channels[clave];
    messages[idMensaje] = {
      name: e.nombre,
      title: `${e.nombre} (${DIRECCION[e.direccion].toLowerCase()})`,
      summary: `${DIRECCION[e.direccion]} · ${e.dominio}`,
      ...(e.descripcion ? { description: e.descripcion } : {}),
      payload: e.carga,
    };
    canal.messages[idMensaje] = { $ref: `#/components/messages/${idMensaje}` };
    const operacion: Json = {
      action: e.direccion === 'servidor-a-cliente' ? 'send' : 'receive',
      channel: { $ref: `#/channels/${clave}` },
      summary: `${e.direccion === 'servidor-a-cliente' ? 'El servidor emite' : 'El servidor escucha'} ${e.nombre}`,
      tags: [{ name: e.dominio }],
      messages: [{ $ref: `#/channels/${clave}/messages/${idMensaje}` }],
    };
    if (e.ack !== undefined) {
      const idAck = `${clave}__acuse`;
      messages[idAck] = { name: `${e.nombre} (acuse)`, summary: 'Acuse que el servidor devuelve al emisor', payload: e.ack };
      canal.messages[idAck] = { $ref: `#/components/messages/${idAck}` };
      operacion.reply = { channel: { $ref: `#/channels/${clave}` }, messages: [{ $ref: `#/channels/${clave}/messages/${idAck}` }] };
    }
    operations[`${lado === 'servidor' ? 'emitir' : 'escuchar'}_${clave}`] = operacion;
  }
  return {
    asyncapi: '3.0.0',
    info: { title: 'MiDuelo — eventos de Socket.IO', version, description: DESCRIPCION },
    defaultContentType: 'application/json',
    servers: {
      miduelo: {
        host: 'mismo origen que la API',
        protocol: 'wss',
        pathname: '/socket.io/',
        description: 'Socket.IO 4 (polling y WebSocket) en el servidor HTTP de la API.',
        security: [{ $ref: '#/components/securitySchemes/jwt' }],
      },
    },
    channels,
    operations,
    components: {
      messages,
      securitySchemes: {
        jwt: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'El JWT de la API, en `auth.token` del handshake de Socket.IO.',
        },
      },
    },
  };
}
