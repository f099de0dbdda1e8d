// Types of server/compilar.mjs for the TypeScript that imports it (tests, bench).
export const DIST: string;
export const PRINCIPAL: string;
export function compilacionVieja(): boolean;
export function compilarServidor(): Promise<void>;
export function compilarServidorSiHaceFalta(): Promise<void>;
export function masReciente(dir: string): number;
