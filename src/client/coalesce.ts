/**
 * Request coalescing for hot-row reads: concurrent reads of one key share one request, and its result is kept for a
 * short TTL, so a thousand simultaneous reads of a popular row reach HBase as one. Failures are shared by the reads
 * waiting on them but never cached.
 *
 * @module
 */
import { HotspotError } from '../util/errors.js';

/** Options of {@link createCoalescer}. */
export interface CoalescerOptions<K, V> {
  /** Reads one key from the store (e.g. a REST `getRow`). */
  readonly load: (key: K) => Promise<V>;
  /** How long a loaded value is served from memory, ms (0: only in-flight requests are shared). */
  readonly ttlMs: number;
  /** Map key of a request key (default `String(key)`; give one for byte keys, e.g. `toStringBinary`). */
  readonly keyOf?: (key: K) => string;
  /** Clock, ms (default `Date.now`). */
  readonly now?: () => number;
  /** Most cached values kept; the oldest goes first (default 10 000). */
  readonly maxEntries?: number;
}

/** Counters of a coalescer. */
export interface CoalescerStats {
  /** Reads asked for. */
  readonly requests: number;
  /** Loads actually sent. */
  readonly loads: number;
  /** Reads answered from the TTL cache. */
  readonly cacheHits: number;
  /** Reads that joined a load already in flight. */
  readonly joined: number;
}

/** A coalescing reader. */
export interface Coalescer<K, V> {
  get(key: K): Promise<V>;
  stats(): CoalescerStats;
}

/**
 * Creates a coalescing reader.
 * @throws {@link HotspotError} `COALESCE_TTL_INVALID` for a negative or non-finite TTL; `COALESCE_SIZE_INVALID` for
 *   `maxEntries` below 1.
 */
export function createCoalescer<K, V>(options: CoalescerOptions<K, V>): Coalescer<K, V> {
  if (!Number.isFinite(options.ttlMs) || options.ttlMs < 0) {
    throw new HotspotError('COALESCE_TTL_INVALID', `ttlMs ${options.ttlMs}: give a time to keep values in ms, ≥ 0 (e.g. 200)`, { field: 'ttlMs' });
  }
  const maxEntries = options.maxEntries ?? 10_000;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw new HotspotError('COALESCE_SIZE_INVALID', `maxEntries ${maxEntries}: give a whole number ≥ 1`, { field: 'maxEntries' });
  }
  const keyOf = options.keyOf ?? ((k: K) => String(k));
  const now = options.now ?? Date.now;
  const inFlight = new Map<string, Promise<V>>();
  const cache = new Map<string, { value: V; expiresMs: number }>();
  let requests = 0;
  let loads = 0;
  let cacheHits = 0;
  let joined = 0;
  return {
    get(key) {
      requests++;
      const id = keyOf(key);
      const hit = cache.get(id);
      if (hit && hit.expiresMs > now()) {
        cacheHits++;
        return Promise.resolve(hit.value);
      }
      if (hit) cache.delete(id);
      const pending = inFlight.get(id);
      if (pending) {
        joined++;
        return pending;
      }
      loads++;
      const p = options.load(key).then(
        (value) => {
          inFlight.delete(id);
          if (options.ttlMs > 0) {
            if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
            cache.set(id, { value, expiresMs: now() + options.ttlMs });
          }
          return value;
        },
        (error: unknown) => {
          inFlight.delete(id);
          throw error;
        },
      );
      inFlight.set(id, p);
      return p;
    },
    stats: () => ({ requests, loads, cacheHits, joined }),
  };
}
