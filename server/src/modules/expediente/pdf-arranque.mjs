// Entry of the PDF worker thread: registers tsx's loader inside the worker (as the server itself
// runs TypeScript through tsx, decision 004), then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-trabajador.ts');
