const DIA_MS = 86_400_000;

/** Days of full access left to a non-admin whose licence is not validated (null otherwise); 0 is a
 * limited account: it logs in but takes no new patients or appointments. */
export function diasRestantes(p: { rol_admin: boolean; cedula_validada: boolean; createdAt: Date }, ahora: Date, gracia: number) {
  if (p.rol_admin || p.cedula_validada) return null;
  const transcurridos = Math.floor((ahora.getTime() - p.createdAt.getTime()) / DIA_MS);
  return Math.max(0, gracia - transcurridos);
}
