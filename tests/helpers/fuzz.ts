// Arbitraries of the fuzz suites (issue 10): what a careless client, a broken app version or an
// attacker may send. Bounded by FUZZ_RUNS (runs per route or event) and reproducible by FUZZ_SEED.
import fc from 'fast-check';

export const SEMILLA = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2_147_483_647;
export const CORRIDAS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 25;

/** fast-check's parameters: the seed is printed with every failure (and reported in the title). */
export const parametros = (numRuns = CORRIDAS) => ({ numRuns, seed: SEMILLA, endOnFailure: true, verbose: 1 as const });

const textoRaro = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00y',
    '\u202Eevil\u202C',
    '\u2066bidi\u2069',
    '\uFEFF',
    '\r\n',
    '😀'.repeat(50),
    'é'.normalize('NFD'),
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '{"a":1}',
    'null',
    'true',
    '1e400',
    '-0',
    '0x1F',
    '2147483648',
    '99999999999999999999',
    '2027-02-30',
    '9999-12-31',
    '24:00',
    '23:59:60',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }),
  fc.nat({ max: 10_000 }).map((n) => 'x'.repeat(n)),
  fc.constant('ñ'.repeat(10_001)),
);

const numeroRaro = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    0.5,
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    1e308,
    -1e308,
    5e-324,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON-able value, weighted to the kinds that break validators. */
export const valorRaro: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    textoRaro,
    numeroRaro,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'id', 'toString')), tie('v'), {
      maxKeys: 4,
    }),
  ),
})).v;

/** Deep nesting: arrays and objects 200 levels down. */
export const anidado = fc.nat({ max: 200 }).map((n) => {
  let x: unknown = 1;
  for (let i = 0; i < n; i++) x = i % 2 ? [x] : { a: x };
  return x;
});

/** A body: anything at all, or the route's own fields with strange values (the likelier way past the
 * first check), or a valid example with one field broken or one extra field added. */
export function cuerpoRaro(campos: string[], valido: Record<string, unknown> | undefined): fc.Arbitrary<unknown> {
  const opciones: fc.Arbitrary<unknown>[] = [valorRaro, anidado];
  if (campos.length) {
    opciones.push(fc.record(Object.fromEntries(campos.map((c) => [c, valorRaro])), { requiredKeys: [] }));
  }
  if (valido) {
    const claves = Object.keys(valido);
    opciones.push(
      fc
        .tuple(fc.constantFrom(...claves, '__extra__'), valorRaro)
        .map(([k, v]) => ({ ...valido, [k === '__extra__' ? 'rol_admin' : k]: v })),
    );
  }
  return fc.oneof(...opciones);
}

/** A path segment: ids at and past the limits, and text that is not an id. */
export const segmentoRaro = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1',
    '2147483647',
    '2147483648',
    '999999999',
    '9999999999999',
    '1.5',
    '1e3',
    '0x10',
    ' 1',
    '%00',
    '%E2%80%AE',
    '..',
    '%2F',
  ),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.nat({ max: 3000 }).map((n) => 'a'.repeat(n)),
);

/** A query string of the route's own keys (and others), repeated keys included. */
export function consultaRara(claves: string[]): fc.Arbitrary<string> {
  const clave = fc.oneof(fc.constantFrom(...claves, 'x', '__proto__'), fc.string({ maxLength: 6 }));
  const valor = fc.oneof(textoRaro, numeroRaro.map(String));
  return fc.array(fc.tuple(clave, valor), { maxLength: 5 }).map((pares) => {
    const q = new URLSearchParams();
    for (const [k, v] of pares) q.append(k, v);
    return q.toString();
  });
}

/** fast-check's report, short: the seed, the path and the property's own error. */
export function resumen(err: unknown): string {
  const m = (err as Error).message;
  const semilla = /\{ seed: [^}]+\}/.exec(m)?.[0] ?? '';
  const causa = ((err as Error).cause as Error | undefined)?.message ?? m.split('\n').find((l) => l.startsWith('Got error')) ?? m;
  return `${semilla} ${causa.slice(0, 700)}`;
}
