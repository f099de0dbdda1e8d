// The Spanish messages of decision 313's client ids, shared by every domain whose creates carry one.
// A module of its own, not comun.ts: comun.ts is in the first load of every screen (bundle budget).
export const MSG_ID_CLIENTE = {
  invalido: 'El identificador de la petición no es válido',
  distinto: 'Esta petición ya se guardó con otro contenido. No se guardó nada: revisa lo guardado y vuelve a guardar.',
} as const;
