// Types of scripts/start.mjs for the TypeScript that imports it (tests/unit/banderas-node.test.ts).
export const banderasNode: string[];
export function construirClienteSiHaceFalta(): void;
