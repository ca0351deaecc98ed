/**
 * The load generator's option values as text (`--popularity`, `--reads`, `--id-format`), parsed into the simulator's
 * workload model types, so that `load` and `simulate` share one model of entities and their popularity.
 *
 * @module
 */
import type { PopularitySpec } from '../simulate/scenario/types.js';
import { HotspotError } from '../util/errors.js';
import { ID_FORMAT_MAX_WIDTH, idFormatWidthPastLimit } from '../simulate/entities.js';

/**
 * One read pattern the load generator issues against real rows:
 * - `latest`: the newest `limit` rows of one entity, read with the scans the template's scan plan gives for the
 *   entity (one scan per salt bucket on a salted key), each stopped after `limit` rows;
 * - `get`: one row of one entity by its full key (the newest row this run wrote for the entity).
 * The entity is drawn by the same popularity as the writes.
 */
export type LoadReadSpec =
  | { readonly kind: 'latest'; readonly limit: number; readonly ratePerSec: number }
  | { readonly kind: 'get'; readonly ratePerSec: number };

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;

function bad(code: string, field: string, message: string): HotspotError {
  return new HotspotError(code, message, { field });
}

/**
 * Parses `--popularity`: `uniform`, `zipf:S` (entity of rank r gets weight 1 / (r + 1)^S, 0 < S ≤ 10) or
 * `hot:FRACTION:SHARE` (the first FRACTION of the entities take SHARE of the requests; both in (0, 1]).
 * @throws {@link HotspotError} `LOAD_POPULARITY_INVALID` naming `--popularity` and the accepted forms.
 */
export function parsePopularity(text: string): PopularitySpec {
  const t = text.trim();
  const forms = 'use uniform, zipf:S (e.g. zipf:1.1) or hot:FRACTION:SHARE (e.g. hot:0.01:0.9)';
  if (t === 'uniform') return { kind: 'uniform' };
  const zipf = new RegExp(`^zipf:${NUMBER}$`).exec(t);
  if (zipf) {
    const exponent = Number(zipf[1]);
    if (!(exponent > 0 && exponent <= 10)) throw bad('LOAD_POPULARITY_INVALID', '--popularity', `"${text}": the zipf exponent must be above 0 and at most 10`);
    return { kind: 'zipf', exponent };
  }
  const hot = new RegExp(`^hot:${NUMBER}:${NUMBER}$`).exec(t);
  if (hot) {
    const fraction = Number(hot[1]);
    const share = Number(hot[2]);
    if (!(fraction > 0 && fraction <= 1)) throw bad('LOAD_POPULARITY_INVALID', '--popularity', `"${text}": the hot FRACTION of entities must be above 0 and at most 1`);
    if (!(share > 0 && share <= 1)) throw bad('LOAD_POPULARITY_INVALID', '--popularity', `"${text}": the SHARE of requests the hot entities take must be above 0 and at most 1`);
    return { kind: 'hot-set', fraction, share };
  }
  throw bad('LOAD_POPULARITY_INVALID', '--popularity', `"${text}" is not a popularity; ${forms}`);
}

/**
 * Parses one `--reads` pattern: `latest:N@RATE` (the newest N rows of an entity, RATE queries/s) or `get@RATE` (one
 * row by its full key, RATE gets/s). N is a whole number from 1 to 10,000; RATE is a finite number above 0.
 * @throws {@link HotspotError} `LOAD_READS_INVALID` naming `--reads`, the pattern and the accepted forms.
 */
export function parseReadPattern(text: string): LoadReadSpec {
  const t = text.trim();
  const latest = new RegExp(`^latest:(\\d+)@${NUMBER}$`).exec(t);
  const get = new RegExp(`^get@${NUMBER}$`).exec(t);
  const ratePerSec = Number((latest ?? get)?.[latest ? 2 : 1]);
  if (!latest && !get) {
    throw bad('LOAD_READS_INVALID', '--reads', `"${text}" is not a read pattern; use latest:N@RATE (e.g. latest:10@5, the newest 10 rows of an entity 5 times a second) or get@RATE (e.g. get@20)`);
  }
  // A rate of hundreds of digits reads as Infinity: refused with the rest, not carried into the scheduler.
  if (!(ratePerSec > 0 && Number.isFinite(ratePerSec))) throw bad('LOAD_READS_INVALID', '--reads', `"${text}": the rate after @ must be above 0 queries per second, and finite`);
  if (latest) {
    const limit = Number(latest[1]);
    if (limit < 1 || limit > 10_000) throw bad('LOAD_READS_INVALID', '--reads', `"${text}": latest needs between 1 and 10000 rows`);
    return { kind: 'latest', limit, ratePerSec };
  }
  return { kind: 'get', ratePerSec };
}

/**
 * Checks an entity id format: exactly one `%d`, `%Nd`, `%0Nd`, `%x`, `%Nx` or `%0Nx` and no other `%` (the form
 * {@link entityIdFormatter} of the simulator reads), e.g. `sensor-%06d`.
 * @returns the format.
 * @throws {@link HotspotError} `LOAD_ID_FORMAT_INVALID` naming `--id-format`.
 */
export function checkIdFormat(format: string): string {
  const specs = format.match(/%0?\d*[dx]/g) ?? [];
  const percents = format.match(/%/g) ?? [];
  if (specs.length !== 1 || percents.length !== 1) {
    throw bad('LOAD_ID_FORMAT_INVALID', '--id-format', `"${format}" must hold exactly one number placeholder (%d, %06d, %x or %08x) and no other %, e.g. sensor-%06d`);
  }
  const wide = idFormatWidthPastLimit(format);
  if (wide !== undefined) throw bad('LOAD_ID_FORMAT_INVALID', '--id-format', `"${format}": the width ${wide} of the number must be at most ${ID_FORMAT_MAX_WIDTH}`);
  return format;
}
