// Types of scripts/start.mjs for the TypeScript that imports it (tests, bench).
export const banderasNode: string[];
export function construirClienteSiHaceFalta(): void;
