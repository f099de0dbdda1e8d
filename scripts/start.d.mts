// Types of scripts/start.mjs for the TypeScript that imports it (tests, bench).
export const banderasNode: string[];
export interface PasoDeConstruccion {
  nombre: string;
  comando: string;
  args: string[];
  cwd: string;
}
export function construirConProgreso(
  pasos: PasoDeConstruccion[],
  opciones?: { escribir?: (texto: string) => void; cadaMs?: number },
): Promise<number>;
export function construirClienteSiHaceFalta(): Promise<number>;
export const argumentosDelServidor: string[];
