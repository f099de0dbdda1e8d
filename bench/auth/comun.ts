// What bench/auth's two processes share.

export const CONTRASENA = 'Bench#Clave2025';
export const CORREO = 'bench@miduelo.mx';

/** Operations per second with `concurrencia` workers during `ms` (after one warm-up each). */
export async function porSegundo(
  tarea: () => Promise<void>,
  concurrencia: number,
  ms: number,
): Promise<{ porSegundo: number; hechas: number }> {
  for (let i = 0; i < concurrencia; i++) await tarea();
  let hechas = 0;
  const fin = Date.now() + ms;
  const inicio = performance.now();
  await Promise.all(
    Array.from({ length: concurrencia }, async () => {
      while (Date.now() < fin) {
        await tarea();
        hechas++;
      }
    }),
  );
  return { porSegundo: hechas / ((performance.now() - inicio) / 1000), hechas };
}
