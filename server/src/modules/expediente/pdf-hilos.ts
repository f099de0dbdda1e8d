// A small pool of worker threads for PDFs (decision 103). Started on the first PDF, closed with the
// app. The worker registers tsx's loader itself (pdf-arranque.mjs), as the server runs TypeScript.
import { Worker } from 'node:worker_threads';
import type { DatosPdfPlano } from './pdf';

interface Pendiente {
  resolve: (b: Buffer) => void;
  reject: (e: Error) => void;
}

export interface HilosPdf {
  hacer(datos: DatosPdfPlano, zona: string): Promise<Buffer>;
  cerrar(): Promise<void>;
}

export function crearHilosPdf(tamano = 1): HilosPdf {
  const hilos: { w: Worker; ocupados: number }[] = [];
  const pendientes = new Map<number, Pendiente>();
  const dueno = new Map<number, { w: Worker; ocupados: number }>();
  let siguiente = 0;
  let cerrado = false;

  function nuevo() {
    const w = new Worker(new URL('./pdf-arranque.mjs', import.meta.url));
    w.unref();
    const h = { w, ocupados: 0 };
    w.on('message', (m: { id: number; ok: boolean; pdf?: Uint8Array; error?: string }) => {
      const p = pendientes.get(m.id);
      pendientes.delete(m.id);
      dueno.delete(m.id);
      h.ocupados--;
      if (!p) return;
      if (m.ok && m.pdf) p.resolve(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
      else p.reject(new Error(m.error ?? 'No se pudo generar el PDF'));
    });
    // A worker that dies fails its pending PDFs and is replaced by the next request.
    const caer = (e: Error) => {
      const i = hilos.indexOf(h);
      if (i !== -1) hilos.splice(i, 1);
      for (const [id, d] of dueno) {
        if (d !== h) continue;
        pendientes.get(id)?.reject(e);
        pendientes.delete(id);
        dueno.delete(id);
      }
    };
    w.on('error', caer);
    w.on('exit', (c) => caer(new Error(`El proceso de PDF terminó (${c})`)));
    hilos.push(h);
    return h;
  }

  return {
    hacer(datos, zona) {
      if (cerrado) return Promise.reject(new Error('Los PDF ya no se generan: la aplicación se está cerrando'));
      const h = hilos.length < tamano ? nuevo() : hilos.reduce((a, b) => (b.ocupados < a.ocupados ? b : a));
      const id = ++siguiente;
      h.ocupados++;
      dueno.set(id, h);
      return new Promise<Buffer>((resolve, reject) => {
        pendientes.set(id, { resolve, reject });
        h.w.postMessage({ id, datos, zona });
      });
    },
    async cerrar() {
      cerrado = true;
      await Promise.all(hilos.splice(0).map((h) => h.w.terminate()));
    },
  };
}
