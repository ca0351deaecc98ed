/**
 * The `load` command's flags, checked one by one into the numbers and specs a load run takes. Every bad value is a
 * {@link HotspotError} naming the option and the fix.
 *
 * @module
 */
import { type LoadReadSpec, checkIdFormat, parsePopularity, parseReadPattern } from '../load/index.js';
import type { PopularitySpec } from '../simulate/scenario/types.js';
import { parseDurationMs } from '../util/duration.js';
import { HotspotError } from '../util/errors.js';
import { decimalNumber, wholeDecimal } from './decimal.js';

/** The flags as commander hands them over (strings; defaults already filled in). */
export interface LoadFlags {
  /** With --samples-out: replace an existing file. */
  force?: boolean;
  rest?: string;
  table?: string;
  template?: string;
  entities: string;
  popularity: string;
  rate?: string;
  duration: string;
  ops?: string;
  valueBytes: string;
  reads?: string[];
  samplesOut?: string;
  family?: string;
  timeField?: string;
  entityField?: string;
  idFormat: string;
  batch: string;
  concurrency: string;
  seed: string;
  timeout?: string;
  json?: boolean;
}

/** The checked numeric and workload options. */
export interface LoadOptions {
  readonly entities: number;
  readonly popularity: PopularitySpec;
  readonly writesPerSec: number;
  readonly durationMs: number;
  readonly maxWrites: number | undefined;
  readonly valueBytes: number;
  readonly reads: readonly LoadReadSpec[];
  readonly idFormat: string;
  readonly batchRows: number;
  readonly concurrency: number;
  readonly seed: number;
  readonly timeoutMs: number | undefined;
}

/** Largest `--entities`. */
export const MAX_ENTITIES = 10_000_000;
/** Largest `--value-bytes` (a REST CellSet of 100 such rows stays far below the gateway's limits). */
export const MAX_VALUE_BYTES = 1_048_576;

function wholeNumber(text: string, flag: string, min: number, max: number, example: string): number {
  const n = wholeDecimal(text);
  if (n === undefined || n < min || n > max) {
    throw new HotspotError('LOAD_OPTION_INVALID', `${flag} "${text}": give a whole number from ${min} to ${max}, e.g. ${flag} ${example}`, { field: flag });
  }
  return n;
}

function required(value: string | undefined, flag: string, example: string): string {
  if (value === undefined || value.trim() === '') {
    throw new HotspotError('LOAD_OPTION_REQUIRED', `${flag} is required, e.g. ${flag} ${example}`, { field: flag });
  }
  return value;
}

/**
 * Checks the numeric and workload flags.
 * @throws {@link HotspotError} `LOAD_OPTION_REQUIRED` (`--rate`), `LOAD_OPTION_INVALID` (a number out of range),
 *   `DURATION_INVALID` (`--duration`, `--timeout`), `LOAD_POPULARITY_INVALID`, `LOAD_READS_INVALID`,
 *   `LOAD_ID_FORMAT_INVALID`.
 */
export function parseLoadOptions(flags: LoadFlags): LoadOptions {
  const rateText = required(flags.rate, '--rate', '200');
  const writesPerSec = decimalNumber(rateText);
  if (writesPerSec === undefined || !(writesPerSec > 0) || writesPerSec > 1_000_000) {
    throw new HotspotError('LOAD_OPTION_INVALID', `--rate "${rateText}": give the write rate in rows per second, above 0 and at most 1000000, e.g. --rate 200`, { field: '--rate' });
  }
  const durationMs = parseDurationMs(flags.duration, '--duration');
  if (durationMs <= 0) throw new HotspotError('DURATION_INVALID', `--duration ${flags.duration} must be above 0, e.g. --duration 45s`, { field: '--duration' });
  let timeoutMs: number | undefined;
  if (flags.timeout !== undefined) {
    timeoutMs = parseDurationMs(flags.timeout, '--timeout');
    if (timeoutMs <= 0) throw new HotspotError('DURATION_INVALID', `--timeout ${flags.timeout} must be above 0, e.g. --timeout 5s`, { field: '--timeout' });
  }
  return {
    entities: wholeNumber(flags.entities, '--entities', 1, MAX_ENTITIES, '1000'),
    popularity: parsePopularity(flags.popularity),
    writesPerSec,
    durationMs,
    maxWrites: flags.ops === undefined ? undefined : wholeNumber(flags.ops, '--ops', 1, Number.MAX_SAFE_INTEGER, '5000'),
    valueBytes: wholeNumber(flags.valueBytes, '--value-bytes', 0, MAX_VALUE_BYTES, '100'),
    reads: (flags.reads ?? []).map(parseReadPattern),
    idFormat: checkIdFormat(flags.idFormat),
    batchRows: wholeNumber(flags.batch, '--batch', 1, 10_000, '100'),
    concurrency: wholeNumber(flags.concurrency, '--concurrency', 1, 64, '4'),
    seed: wholeNumber(flags.seed, '--seed', 0, 2 ** 31 - 1, '7'),
    timeoutMs,
  };
}
