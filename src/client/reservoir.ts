/**
 * A request-key sampler an application can run beside its HBase client: a uniform reservoir (Vitter's Algorithm R)
 * of the rowkeys its requests touched, written out as key samples (each standing for seen ÷ kept requests) that feed
 * the traffic-median split point (`fix plan --samples`).
 *
 * @module
 */
import type { KeyOp, KeySample } from '../model/index.js';
import { HotspotError } from '../util/errors.js';

/** A reservoir of request keys. */
export interface KeyReservoir {
  /** Offers one request; kept with probability capacity ÷ seen. */
  offer(key: Uint8Array, op: KeyOp, timeMs?: number): void;
  /** Requests offered so far. */
  seen(): number;
  /** The kept samples, each weighted seen ÷ kept so the weights add up to the requests seen. */
  samples(): KeySample[];
}

/**
 * Creates a reservoir keeping at most `capacity` samples.
 * @param random - uniform in [0, 1) (default `Math.random`; inject a seeded one for repeatable samples).
 * @throws {@link HotspotError} `RESERVOIR_CAPACITY_INVALID` for a capacity below 1.
 */
export function createKeyReservoir(capacity: number, random: () => number = Math.random, now: () => number = Date.now): KeyReservoir {
  if (!Number.isInteger(capacity) || capacity < 1) {
    throw new HotspotError('RESERVOIR_CAPACITY_INVALID', `capacity ${capacity}: give the number of samples to keep, a whole number ≥ 1 (e.g. 10000)`, { field: 'capacity' });
  }
  const kept: { key: Uint8Array; op: KeyOp; timeMs: number }[] = [];
  let count = 0;
  return {
    offer(key, op, timeMs = now()) {
      count++;
      const sample = { key: key.slice(), op, timeMs };
      if (kept.length < capacity) {
        kept.push(sample);
        return;
      }
      const slot = Math.floor(random() * count);
      if (slot < capacity) kept[slot] = sample;
    },
    seen: () => count,
    samples: () => {
      const weight = kept.length > 0 ? count / kept.length : 0;
      return kept.map((s) => ({ ...s, weight })).sort((a, b) => a.timeMs - b.timeMs);
    },
  };
}
