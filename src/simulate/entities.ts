/**
 * The workload's entities (devices, users, tenants): their ids, their popularity, and the weighted representatives
 * the aggregated engine writes for instead of every real entity.
 *
 * @module
 */
import type { EntitiesSpec, PopularitySpec } from './scenario/types.js';
import type { Rng } from './rng.js';

/** Widest number field an entity id format may ask for (`%064d`); wider is refused where the format is read. */
export const ID_FORMAT_MAX_WIDTH = 64;

/**
 * The width `N` of an id format's `%0Nd` / `%Nx` placeholder when it is past {@link ID_FORMAT_MAX_WIDTH}, else
 * `undefined`.
 */
export function idFormatWidthPastLimit(format: string): string | undefined {
  const digits = /%0?(\d*)[dx]/.exec(format)?.[1] ?? '';
  return digits.replace(/^0+/, '').length > 2 || Number(digits) > ID_FORMAT_MAX_WIDTH ? digits : undefined;
}

/**
 * Compiles a printf-like entity id format with one `%d` / `%0Nd` / `%x` / `%0Nx` into a formatter of entity numbers
 * (0-based), e.g. `sensor-%06d` → 123 ↦ `sensor-000123`. A width past {@link ID_FORMAT_MAX_WIDTH} is held to it.
 */
export function entityIdFormatter(format: string): (i: number) => string {
  const m = /%(0?)(\d*)([dx])/.exec(format);
  if (!m) return () => format;
  const head = format.slice(0, m.index);
  const tail = format.slice(m.index + m[0].length);
  const width = Math.min(Number(m[2] || 0), ID_FORMAT_MAX_WIDTH);
  const fill = m[1] ? '0' : ' ';
  const radix = m[3] === 'x' ? 16 : 10;
  return (i) => head + i.toString(radix).padStart(width, fill) + tail;
}

/**
 * True when no id `format` writes (see {@link entityIdFormatter}) holds `text`: `text` has none of the characters the
 * number part can write (digits, hex letters, the fill) and the format's fixed text around the number does not hold
 * it either, so no id can (`sensor-%06d` never holds `_`).
 */
export function idsNeverHold(format: string, text: string): boolean {
  if (text === '') return false;
  const m = /%(0?)(\d*)([dx])/.exec(format);
  if (!m) return !format.includes(text);
  const variable = m[3] === 'x' ? /[0-9a-f ]/ : /[0-9 ]/;
  if (variable.test(text)) return false;
  return !format.slice(0, m.index).includes(text) && !format.slice(m.index + m[0].length).includes(text);
}

/** Formats entity number `i` with `format` (see {@link entityIdFormatter}). */
export function formatEntityId(format: string, i: number): string {
  return entityIdFormatter(format)(i);
}

/** Unnormalised popularity weight of the entity of rank `i` (0-based; rank = entity number). */
export function popularityWeight(p: PopularitySpec, count: number, i: number): number {
  if (p.kind === 'uniform') return 1;
  if (p.kind === 'zipf') return 1 / (i + 1) ** p.exponent;
  const hot = Math.max(1, Math.round(p.fraction * count));
  if (hot >= count) return 1;
  return i < hot ? p.share / hot : (1 - p.share) / (count - hot);
}

/** Representative entities: entity numbers and the share of all requests each stands for (shares sum to 1). */
export interface Representatives {
  /** Entity numbers (0-based). */
  readonly ids: Int32Array;
  /** Share of requests each stands for, summing to 1. */
  readonly shares: Float64Array;
  /** Representatives from this index on stand for a stratum `[strataFrom[k], strataTo[k])` of entities (k = index - head). */
  readonly head: number;
  readonly strataFrom: Int32Array;
  readonly strataTo: Int32Array;
}

/**
 * Draws a fresh random member of every stratum (the head keeps its own entities). The aggregated engine does this
 * every step, so that over many steps the stratified sample's error averages out instead of persisting.
 */
export function redrawStrata(reps: Representatives, rng: Rng): void {
  for (let k = 0; k < reps.strataFrom.length; k++) {
    const from = reps.strataFrom[k] ?? 0;
    reps.ids[reps.head + k] = from + Math.floor(rng.next() * ((reps.strataTo[k] ?? from) - from));
  }
}

/**
 * Picks at most `max` representatives. With `count <= max` every entity represents itself with its exact share.
 * Otherwise the most popular quarter of `max` (ranks 0..) represent themselves and the remaining entities are cut
 * into equal strata, each represented by one random member carrying the stratum's total share (stratified sampling:
 * unbiased, and exact for the head of a skewed distribution); {@link redrawStrata} draws new members.
 */
export function pickRepresentatives(spec: EntitiesSpec, max: number, rng: Rng): Representatives {
  const { count, popularity } = spec;
  const n = Math.min(count, max);
  const ids = new Int32Array(n);
  const shares = new Float64Array(n);
  const head = count <= max ? count : Math.floor(max / 4);
  for (let i = 0; i < head; i++) {
    ids[i] = i;
    shares[i] = popularityWeight(popularity, count, i);
  }
  const strata = n - head;
  const rest = count - head;
  const strataFrom = new Int32Array(strata);
  const strataTo = new Int32Array(strata);
  for (let s = 0; s < strata; s++) {
    const from = head + Math.floor((s * rest) / strata);
    const to = head + Math.floor(((s + 1) * rest) / strata);
    strataFrom[s] = from;
    strataTo[s] = to;
    shares[head + s] = stratumWeight(popularity, count, from, to);
  }
  let total = 0;
  for (const w of shares) total += w;
  for (let i = 0; i < n; i++) shares[i] = (shares[i] ?? 0) / total;
  const reps = { ids, shares, head, strataFrom, strataTo };
  redrawStrata(reps, rng);
  return reps;
}

function stratumWeight(p: PopularitySpec, count: number, from: number, to: number): number {
  if (p.kind !== 'zipf') {
    let w = 0;
    // uniform and hot-set are piecewise constant: two evaluations suffice.
    const hot = p.kind === 'hot-set' ? Math.max(1, Math.round(p.fraction * count)) : 0;
    const inHot = Math.max(0, Math.min(to, hot) - from);
    w += inHot * popularityWeight(p, count, from);
    if (to - from - inHot > 0) w += (to - from - inHot) * popularityWeight(p, count, Math.max(from, hot));
    return w;
  }
  let w = 0;
  for (let i = from; i < to; i++) w += 1 / (i + 1) ** p.exponent;
  return w;
}

/** Draws entity numbers with probability proportional to popularity, for the exact per-write mode. */
export function entitySampler(spec: EntitiesSpec, rng: Rng): () => number {
  const { count, popularity } = spec;
  if (popularity.kind === 'uniform') return () => Math.floor(rng.next() * count);
  if (popularity.kind === 'hot-set') {
    const hot = Math.max(1, Math.round(popularity.fraction * count));
    if (hot >= count) return () => Math.floor(rng.next() * count);
    return () => (rng.next() < popularity.share ? Math.floor(rng.next() * hot) : hot + Math.floor(rng.next() * (count - hot)));
  }
  const cumulative = new Float64Array(count);
  let total = 0;
  for (let i = 0; i < count; i++) cumulative[i] = total += 1 / (i + 1) ** popularity.exponent;
  return () => {
    const target = rng.next() * total;
    let lo = 0;
    let hi = count - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] ?? 0) < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}
