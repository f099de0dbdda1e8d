import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// JSON answers below this size gain nothing from compression (headers and CPU cost more).
const UMBRAL_COMPRESION = 1024;

/** Compresses API answers (brotli or gzip, as the browser asks) on every route registered after it:
 * register it before the modules. Static files of the client go out precompressed by the build
 * (plugins/cliente.ts), so they are not compressed again. Socket.IO answers on the raw HTTP server,
 * outside these hooks. Request bodies are not decompressed: no client sends them compressed, and a
 * small compressed body could expand past the body limit's intent. */
export default fp(
  async function compresionPlugin(app: FastifyInstance) {
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      threshold: UMBRAL_COMPRESION,
      encodings: ['br', 'gzip'],
    });
  },
  { name: 'compresion' },
);
