/**
 * How rules relate the inputs of one lint run: which rowkey designs belong to which table, how many regions a
 * pre-split makes, and what alphabet split points and key parts use.
 *
 * @module
 */
import { toBytesBinary } from '../../bytes/index.js';
import { plainTableName } from '../../regions/index.js';
import type { KeyDesign, KeyPartShape, LintSubject, SplitModel, TableModel } from '../model.js';
import { SPLIT_ALGORITHMS } from '../shell/attributes.js';
import { shellSplitKey } from '../shell/split-keys.js';

/**
 * The rowkey designs of `table`: those naming it, or every design without a table when the run has exactly one
 * table (the usual `lint schema.hbase --template ...` case). `default:t1` and `t1` are one table.
 */
export function keysForTable(subject: LintSubject, table: TableModel): KeyDesign[] {
  return subject.keys.filter((k) => (k.table !== undefined && plainTableName(k.table) === plainTableName(table.name)) || (k.table === undefined && subject.tables.length === 1));
}

/** Regions a table starts with after its pre-split; `undefined` when the split points are in an unread file. */
export function regionCount(splits: SplitModel): number | undefined {
  switch (splits.kind) {
    case 'none':
      return 1;
    case 'points': {
      // distinct keys, as the shell makes them ('a' and '\x61' are one); the points as written when some cannot be made
      const keys = writtenSplitKeys(splits);
      if (keys === undefined || keys.some((k) => k === undefined)) return new Set(splits.points).size + 1;
      return new Set(keys.filter((k): k is Uint8Array => k !== undefined && k.length > 0).map(byteText)).size + 1;
    }
    case 'algorithm':
      return splits.numRegions;
    case 'file':
    case 'unknown':
      return undefined;
  }
}

/** What split points look like: lower-case hex, upper-case hex, decimal digits, other printable text, raw bytes. */
export type PointAlphabet = 'hex' | 'HEX' | 'decimal' | 'text' | 'binary';

/**
 * Classifies split points (`UniformSplit` points are raw bytes, `HexStringSplit` lower-case hex). With `window`, only
 * characters `[start, end)` of each point are looked at (the bytes of one key part); points that are empty there
 * are skipped.
 */
export function splitAlphabet(splits: SplitModel, window?: { start: number; end: number | undefined }): PointAlphabet | undefined {
  if (splits.kind === 'algorithm') return SPLIT_ALGORITHMS[splits.algorithm];
  if (splits.kind !== 'points') return undefined;
  // each point's key as one character per byte (so a window counts bytes), the text as written when it cannot be made
  const keys = writtenSplitKeys(splits);
  const texts = splits.points.map((p, i) => {
    const k = keys?.[i];
    return k === undefined ? p : byteText(k);
  });
  const points = (window === undefined ? texts : texts.map((p) => p.slice(window.start, window.end))).filter((p) => p !== '');
  if (points.length === 0) return undefined;
  const all = (re: RegExp): boolean => points.every((p) => re.test(p));
  if (all(/^[0-9]+$/)) return 'decimal';
  if (all(/^[0-9a-f]+$/)) return 'hex';
  if (all(/^[0-9A-F]+$/)) return 'HEX';
  if (all(/^[\x20-\x7e]+$/)) return 'text';
  return 'binary';
}

/** Parts that only add constant bytes and do not decide where a key sorts among others. */
const isLiteral = (p: KeyPartShape): boolean => p.kind === 'literal';

/** The first part that varies between keys (literal prefixes skipped). */
export function leadingPart(key: KeyDesign): KeyPartShape | undefined {
  return key.parts.find((p) => !isLiteral(p));
}

/** Character range of the leading part in a key written as text: after the literal prefix, its fixed width if any. */
export function leadingWindow(key: KeyDesign): { start: number; end: number | undefined } {
  let start = 0;
  for (const p of key.parts) {
    if (!isLiteral(p)) return { start, end: p.fixedWidth === undefined ? undefined : start + p.fixedWidth };
    start += p.fixedWidth ?? 0;
  }
  return { start, end: undefined };
}

/** Parts whose distinct values spread keys over buckets (salt, bucket and the compatibility salts). */
export const SALT_KINDS: ReadonlySet<string> = new Set(['salt', 'bucket', 'phoenixSalt', 'hbasewdPrefix', 'opentsdbSalt']);

/** Parts that hash their input (PII is not in clear behind them). */
export const HASH_KINDS: ReadonlySet<string> = new Set(['md5', 'sha256', ...SALT_KINDS]);

/**
 * Each written split point's key, in the order written: `toBytesBinary` of a `binaryForm` point, the shell's key
 * ({@link shellSplitKey}) of a script's; `undefined` for a point the shell cannot convert. `undefined` as a whole when
 * a `binaryForm` point is not valid `toStringBinary` text.
 */
export function writtenSplitKeys(splits: Extract<SplitModel, { kind: 'points' }>): (Uint8Array | undefined)[] | undefined {
  try {
    return splits.points.map((p) => (splits.binaryForm === true ? toBytesBinary(p) : shellSplitKey(p)));
  } catch {
    return undefined;
  }
}

/** A key's bytes as text of one character per byte (latin1): equal keys give equal texts, and a slice counts bytes. */
export function byteText(key: Uint8Array): string {
  return Buffer.from(key.buffer, key.byteOffset, key.length).toString('latin1');
}
