// A revocation-aware cache of the per-request session check (decision 082). A verified token's
// session is kept for a short while, keyed by the token itself (the same string verifies the same
// way, so a hit skips the signature too; expiry is still checked on every call); logout, a password change,
// disabling an account and any other change of an account's session state forget it — on this
// node at once, on the others through Redis pub/sub — before the request that caused it answers.
// An entry used in the last minute of its life is read again off the request path (decision 241).
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export type CuentaSesion = { tipo: 'psicologo' | 'paciente'; id: number };

/** Longest life of an entry. Every change the app makes is forgotten at once (and on every node);
 * this only bounds a change written by something that did not call `olvidar` (a manual UPDATE).
 * 5 min, not 30 s (decision 227): at 30 s a client polling every 30 s (the clients' fallback
 * without socket) or writing every minute paid the round trip on nearly every request. */
export const CACHE_SESION_MS = 5 * 60_000;
const MAX_ENTRADAS = 50_000;
/** How long an open socket relies on its last check while the cache is not serving (Redis
 * unreachable: other nodes' forgets may be missed); serving, it relies on it as long as a cache
 * entry lives, unless a forget of its account or token arrives (decision 233). */
export const REVERIFICAR_SESION_MS = 30_000;
/** How long a revocation waits for its own pub/sub message to come back (every node's Redis
 * connection then holds it) before answering anyway. */
const ESPERA_ECO_MS = 1000;

interface Entrada<S> {
  sesion: S;
  cuenta: string;
  jti: string;
  hasta: number;
  /** A renewal of this entry started (`reservarRenovacion`): one per entry. */
  renovando: boolean;
}

const claveCuenta = (c: CuentaSesion) => `${c.tipo}:${c.id}`;

interface Aviso {
  /** Node that published it (its own echo resolves its wait). */
  n: string;
  /** Message id. */
  i: number;
  c?: string;
  j?: string;
}

export class CacheDeSesiones<S> {
  private readonly entradas = new Map<string, Entrada<S>>();
  /** Bumped by every forget: a check that read the database before it is not stored after it. */
  private epoca = 0;
  /** False while the cross-node channel is down: nothing is served from or stored in the cache. */
  private activa: boolean;
  private readonly nodo = randomUUID();
  private siguiente = 0;
  private readonly esperas = new Map<number, () => void>();
  private sub: Redis | null = null;
  /** The epoch of the latest forget of each account (`c:`) and token (`j:`), oldest first, for the
   * checks kept outside the cache: an open socket's (`sesiones.sigueVigente`, decision 233). */
  private readonly olvidos = new Map<string, { epoca: number; en: number }>();
  /** Checks stamped before this epoch are stale whatever they concern (emptied cache, an
   * unaddressed forget, or forgets older than an entry's life, no longer listed). */
  private vaciadaEn = 0;

  /** An entry read in the last fifth of its life (the last minute of 5) is renewed (decision 241). */
  private readonly renovarAntesMs: number;

  constructor(
    private readonly redis: Redis | null,
    private readonly canal: string,
    private readonly log: FastifyBaseLogger,
    private readonly ttlMs = CACHE_SESION_MS,
  ) {
    this.activa = redis === null;
    this.renovarAntesMs = ttlMs / 5;
  }

  /** Subscribes to the other nodes' forgets (with Redis); the cache serves only while subscribed. */
  async iniciar(): Promise<void> {
    if (!this.redis) return;
    const sub = this.redis.duplicate({ lazyConnect: true });
    this.sub = sub;
    const caer = () => {
      if (this.activa) this.vaciar();
      this.activa = false;
    };
    sub.on('error', caer);
    sub.on('close', caer);
    sub.on('end', caer);
    // ioredis subscribes again after a reconnection, then emits 'ready': forgets published in
    // between were missed, so the cache starts empty.
    sub.on('ready', () => {
      this.vaciar();
      this.activa = true;
    });
    sub.on('message', (_canal: string, texto: string) => this.recibir(texto));
    try {
      await sub.connect();
      await sub.subscribe(this.canal);
      this.vaciar();
      this.activa = true;
    } catch (err) {
      this.log.warn({ err: { message: (err as Error).message } }, 'sesiones: sin canal de Redis; la caché queda apagada');
      caer();
    }
  }

  async cerrar(): Promise<void> {
    this.activa = false;
    await this.sub?.quit().catch(() => {});
  }

  /** A stamp to pass to `guardar`: taken before the database is read. */
  sello(): number {
    return this.epoca;
  }

  leer(token: string): S | undefined {
    if (!this.activa) return undefined;
    const e = this.entradas.get(token);
    if (!e) return undefined;
    if (e.hasta <= performance.now()) {
      this.entradas.delete(token);
      return undefined;
    }
    return e.sesion;
  }

  /**
   * Whether the entry of `token`, just served, should be read again off the request path: it is in
   * the last fifth of its life and no renewal of it started (this call marks one as started). The
   * renewal (the caller's) stores its read through `guardar` (refused, as any check, when a forget came first) or
   * drops the entry (`descartar`) when the session no longer holds (decision 241).
   */
  reservarRenovacion(token: string): boolean {
    const e = this.entradas.get(token);
    if (!e || e.renovando || e.hasta - performance.now() > this.renovarAntesMs) return false;
    e.renovando = true;
    return true;
  }

  /** Drops one token's entry on this node: a renewal found its session over (a change written
   * outside the app; every change the app makes forgets on every node). */
  descartar(token: string): void {
    this.entradas.delete(token);
  }

  /** Whether the cache hears every node's forgets now (false while Redis is unreachable). */
  get sirviendo(): boolean {
    return this.activa;
  }

  /** Whether a forget of the account or token (or an emptying of the cache) reached this node
   * after a check stamped `sello` (taken before its database read): for checks kept outside the
   * cache, an open socket's (decision 233). */
  olvidadoDesde(cuenta: CuentaSesion, jti: string, sello: number): boolean {
    if (sello < this.vaciadaEn) return true;
    const c = this.olvidos.get(`c:${claveCuenta(cuenta)}`);
    const j = this.olvidos.get(`j:${jti}`);
    return (c !== undefined && c.epoca > sello) || (j !== undefined && j.epoca > sello);
  }

  guardar(token: string, jti: string, cuenta: CuentaSesion, sesion: S, sello: number): void {
    if (!this.activa || sello !== this.epoca) return;
    // A renewed entry goes to the end, where entries of its age are (the loop below relies on it).
    this.entradas.delete(token);
    // Entries live the same time, so the oldest come first: expired ones go as new ones arrive.
    const ahora = performance.now();
    for (const [k, e] of this.entradas) {
      if (e.hasta > ahora) break;
      this.entradas.delete(k);
    }
    if (this.entradas.size >= MAX_ENTRADAS) {
      const primera = this.entradas.keys().next().value;
      if (primera !== undefined) this.entradas.delete(primera);
    }
    this.entradas.set(token, { sesion, cuenta: claveCuenta(cuenta), jti, hasta: ahora + this.ttlMs, renovando: false });
  }

  /** Forgets one token or every token of an account, here and (with Redis) on every node; resolves
   * once this node's own message came back through Redis (or after ESPERA_ECO_MS). */
  async olvidar(o: { cuenta?: CuentaSesion; jti?: string }): Promise<void> {
    const aviso: Aviso = { n: this.nodo, i: ++this.siguiente, c: o.cuenta ? claveCuenta(o.cuenta) : undefined, j: o.jti };
    this.aplicar(aviso);
    if (!this.redis) return;
    let timer: NodeJS.Timeout | undefined;
    const eco = new Promise<void>((resolve) => {
      this.esperas.set(aviso.i, resolve);
      timer = setTimeout(resolve, ESPERA_ECO_MS);
    });
    try {
      await this.redis.publish(this.canal, JSON.stringify(aviso));
      if (this.activa) await eco;
    } catch (err) {
      this.log.error({ err: { message: (err as Error).message } }, 'sesiones: no se pudo avisar a los otros nodos');
    } finally {
      clearTimeout(timer);
      this.esperas.delete(aviso.i);
    }
  }

  private recibir(texto: string): void {
    let aviso: Aviso;
    try {
      aviso = JSON.parse(texto) as Aviso;
    } catch {
      return;
    }
    if (aviso.n === this.nodo) {
      this.esperas.get(aviso.i)?.();
      return;
    }
    this.aplicar(aviso);
  }

  private aplicar(a: Aviso): void {
    this.epoca++;
    if (!a.j && !a.c) {
      this.vaciadaEn = this.epoca;
      return;
    }
    for (const [k, e] of this.entradas) if (e.jti === a.j || e.cuenta === a.c) this.entradas.delete(k);
    if (a.c) this.anotarOlvido(`c:${a.c}`);
    if (a.j) this.anotarOlvido(`j:${a.j}`);
  }

  private anotarOlvido(clave: string): void {
    const ahora = performance.now();
    // A forget older than an entry's life concerns no check still relied on; dropping it from the
    // list moves the global mark past it, so nothing stamped before it can pass anyway.
    for (const [k, o] of this.olvidos) {
      if (o.en > ahora - this.ttlMs && this.olvidos.size < MAX_ENTRADAS) break;
      this.olvidos.delete(k);
      this.vaciadaEn = Math.max(this.vaciadaEn, o.epoca);
    }
    this.olvidos.delete(clave);
    this.olvidos.set(clave, { epoca: this.epoca, en: ahora });
  }

  private vaciar(): void {
    this.epoca++;
    this.vaciadaEn = this.epoca;
    this.entradas.clear();
    this.olvidos.clear();
  }
}
