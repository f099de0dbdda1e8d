// Live events of the ARCO requests (decision 378): to every administrator (the queue) and to the
// patient (her list of requests). Only the request's id: screens read their lists again.
export interface DerechosServidorACliente {
  'derechos:solicitud': (p: { id_solicitud: number }) => void;
}
