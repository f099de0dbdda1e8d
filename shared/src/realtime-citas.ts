// Agenda events (issue 3 fills these in).
// biome-ignore lint/complexity/noBannedTypes: no events yet
export type CitasServidorACliente = {};
// biome-ignore lint/complexity/noBannedTypes: no events yet
export type CitasClienteAServidor = {};
