// The worker thread that makes PDFs (decision 103): pdfkit parses and subsets the embedded font on
// every document, 50–600 ms of CPU on the shared machine, which would stall the event loop.
import { parentPort } from 'node:worker_threads';
import { componerPdf, type DatosPdfPlano } from './pdf';

interface Pedido {
  id: number;
  datos: DatosPdfPlano;
  zona: string;
}

parentPort?.on('message', (p: Pedido) => {
  componerPdf(p.datos, p.zona).then(
    (b) => {
      // A copy of its own, so that its memory can be handed over instead of copied again.
      const bytes = new Uint8Array(b);
      parentPort?.postMessage({ id: p.id, ok: true, pdf: bytes }, [bytes.buffer]);
    },
    (e: unknown) => parentPort?.postMessage({ id: p.id, ok: false, error: e instanceof Error ? e.message : String(e) }),
  );
});
