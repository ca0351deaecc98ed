/**
 * HBase's pre-split algorithms (`org.apache.hadoop.hbase.util.RegionSplitter`), byte for byte: `HexStringSplit`,
 * `DecimalStringSplit` (HBase 2.x) and `UniformSplit`, as `hbase shell` uses them for
 * `create 't', 'f', {NUMREGIONS => n, SPLITALGO => 'HexStringSplit'}` and `RegionSplitter -c n`.
 */
import { toBytesBinary, toStringBinary, utf8Bytes } from '../bytes/index.js';
import { HotspotError } from '../util/errors.js';
import { splitByteRange, UNIFORM_LAST_ROW } from './bytes-split.js';

/** Names of the split algorithms, as typed on the command line. */
export type SplitAlgorithmName = 'hex' | 'decimal' | 'uniform';

/** One split algorithm in the catalogue. */
export interface SplitAlgorithmInfo {
  readonly name: SplitAlgorithmName;
  /** The HBase class it reproduces (`SPLITALGO => '...'`). */
  readonly hbaseClass: 'HexStringSplit' | 'DecimalStringSplit' | 'UniformSplit';
  /** HBase's default first row, in the form `--first` takes. */
  readonly defaultFirst: string;
  /** HBase's default last row, in the form `--last` takes. */
  readonly defaultLast: string;
  /** How `--first` / `--last` are read. */
  readonly rowSyntax: string;
  /** When to use it. */
  readonly useWhen: string;
}

/** The catalogue of split algorithms; CLI help and docs are derived from it. */
export const SPLIT_ALGORITHMS: readonly SplitAlgorithmInfo[] = [
  {
    name: 'hex',
    hbaseClass: 'HexStringSplit',
    defaultFirst: '00000000',
    defaultLast: 'FFFFFFFF',
    rowSyntax: 'hex digits; split points are lower-case hex, zero-padded to the last row length',
    useWhen: 'keys start with printable hex (an MD5/hash prefix written as text)',
  },
  {
    name: 'decimal',
    hbaseClass: 'DecimalStringSplit',
    defaultFirst: '00000000',
    defaultLast: '99999999',
    rowSyntax: 'decimal digits; split points are zero-padded to the last row length',
    useWhen: 'keys start with zero-padded decimal digits',
  },
  {
    name: 'uniform',
    hbaseClass: 'UniformSplit',
    defaultFirst: '',
    defaultLast: '\\xFF\\xFF\\xFF\\xFF\\xFF\\xFF\\xFF\\xFF',
    rowSyntax: 'toStringBinary (\\xNN for a byte); split points are raw bytes',
    useWhen: 'keys start with raw uniformly distributed bytes (binary hash, salt byte)',
  },
];

/** Options of {@link computeSplits}. */
export interface SplitAlgorithmOptions {
  /** Number of regions wanted (>= 2); the result has `regions - 1` split points. */
  readonly regions: number;
  /** First row (`RegionSplitter --firstrow`, `setFirstRow`); HBase's default when absent. */
  readonly first?: string;
  /** Last row (`RegionSplitter --lastrow`, `setLastRow`), inclusive; HBase's default when absent. */
  readonly last?: string;
}

/**
 * The most regions a pre-split may make (a scenario's `preSplit.regions`, `splits --regions`, a script's
 * `NUMREGIONS`): past it the split points alone take seconds and hundreds of megabytes, and no table is created with
 * so many regions (each costs the RegionServers memory and the master work).
 */
export const MAX_PRESPLIT_REGIONS = 100_000;

function checkRegions(regions: number): void {
  if (!Number.isInteger(regions) || regions < 2) {
    throw new HotspotError(
      'SPLIT_REGIONS_INVALID',
      `--regions ${regions}: a pre-split needs a whole number of regions of at least 2 (HBase: "Split count must be > 1")`,
    );
  }
  if (regions > MAX_PRESPLIT_REGIONS) {
    throw new HotspotError(
      'SPLIT_REGIONS_INVALID',
      `--regions ${regions}: a pre-split of more than ${MAX_PRESPLIT_REGIONS} regions is refused (each region costs the cluster memory and the master work); pre-split into fewer and let regions split as they grow`,
    );
  }
}

function parseNumberRow(text: string, radix: 10 | 16, what: string): bigint {
  const digits = radix === 16 ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/;
  if (!digits.test(text)) {
    const kind = radix === 16 ? 'hex digits 0-9a-f' : 'decimal digits 0-9';
    throw new HotspotError('SPLIT_KEY_INVALID', `${what} "${text}" is not ${kind}; write the row as ${kind} only`);
  }
  return radix === 16 ? BigInt(`0x${text}`) : BigInt(text);
}

/**
 * `HexStringSplit` / `DecimalStringSplit` (HBase's `NumberStringSplit`): rows are numbers written in the radix,
 * left-padded with '0' to the length of the last row text (8 by default). The inclusive range
 * R = last - first + 1 is cut into `regions` steps of floor(R / regions); the last region takes the remainder.
 */
function numberStringSplit(radix: 10 | 16, info: SplitAlgorithmInfo, options: SplitAlgorithmOptions): Uint8Array[] {
  const { regions } = options;
  checkRegions(regions);
  const firstText = options.first ?? info.defaultFirst;
  const lastText = options.last ?? info.defaultLast;
  const first = options.first === undefined ? 0n : parseNumberRow(firstText, radix, '--first');
  const last = parseNumberRow(lastText, radix, options.last === undefined ? 'default last row' : '--last');
  if (last <= first) {
    throw new HotspotError(
      'SPLIT_RANGE_EMPTY',
      `--last "${lastText}" is not above --first "${firstText}" (${info.hbaseClass} compares them as numbers); give a last row greater than the first`,
    );
  }
  const range = last - first + 1n;
  if (range < BigInt(regions)) {
    throw new HotspotError(
      'SPLIT_TOO_MANY_REGIONS',
      `--regions ${regions} is more than the ${range} distinct rows between "${firstText}" and "${lastText}"; use fewer regions or a longer last row`,
    );
  }
  const width = lastText.length;
  const step = range / BigInt(regions);
  const out: Uint8Array[] = [];
  for (let i = 1; i < regions; i++) {
    out.push(utf8Bytes((first + step * BigInt(i)).toString(radix).padStart(width, '0')));
  }
  return out;
}

function uniformSplit(options: SplitAlgorithmOptions): Uint8Array[] {
  const { regions } = options;
  checkRegions(regions);
  const first = options.first === undefined ? new Uint8Array(0) : toBytesBinary(options.first, '--first');
  const last = options.last === undefined ? UNIFORM_LAST_ROW : toBytesBinary(options.last, '--last');
  try {
    return splitByteRange(first, last, regions - 1, true);
  } catch (err) {
    if (err instanceof HotspotError && err.code === 'SPLIT_RANGE_EMPTY') {
      throw new HotspotError(
        'SPLIT_RANGE_EMPTY',
        `--last "${toStringBinary(last)}" is not above --first "${toStringBinary(first)}" (UniformSplit compares them zero-padded to equal length); give a last row that sorts after the first`,
      );
    }
    throw err;
  }
}

/** Looks an algorithm up by name. @throws HotspotError `SPLIT_ALGORITHM_UNKNOWN` listing the known names. */
export function splitAlgorithm(name: string): SplitAlgorithmInfo {
  const found = SPLIT_ALGORITHMS.find((a) => a.name === name || a.hbaseClass === name);
  if (!found) {
    const known = SPLIT_ALGORITHMS.map((a) => `${a.name} (${a.hbaseClass})`).join(', ');
    throw new HotspotError('SPLIT_ALGORITHM_UNKNOWN', `--algorithm "${name}" is not one of ${known}`);
  }
  return found;
}

/**
 * The split points HBase's `RegionSplitter` computes for `regions` regions: `SplitAlgorithm.split(n)` after
 * `setFirstRow` / `setLastRow` when `first` / `last` are given.
 *
 * @param algorithm - `hex`, `decimal`, `uniform`, or the HBase class name.
 * @returns `regions - 1` split points in ascending order (region i spans split i-1 to split i).
 * @throws HotspotError `SPLIT_REGIONS_INVALID` (regions < 2, not whole, or past {@link MAX_PRESPLIT_REGIONS}), `SPLIT_TOO_MANY_REGIONS` (more regions than
 *   distinct rows between first and last), `SPLIT_RANGE_EMPTY` (last not above first), `SPLIT_KEY_INVALID` /
 *   `KEY_ESCAPE_INVALID` (a row not written in the algorithm's syntax), `SPLIT_ALGORITHM_UNKNOWN`.
 * @example computeSplits('hex', { regions: 4 }) // "40000000", "80000000", "c0000000"
 */
export function computeSplits(algorithm: string, options: SplitAlgorithmOptions): Uint8Array[] {
  const info = splitAlgorithm(algorithm);
  if (info.name === 'uniform') return uniformSplit(options);
  return numberStringSplit(info.name === 'hex' ? 16 : 10, info, options);
}
