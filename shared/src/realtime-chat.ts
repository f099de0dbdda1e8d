// Chat events (issue 4 fills these in).
// biome-ignore lint/complexity/noBannedTypes: no events yet
export type ChatServidorACliente = {};
// biome-ignore lint/complexity/noBannedTypes: no events yet
export type ChatClienteAServidor = {};
