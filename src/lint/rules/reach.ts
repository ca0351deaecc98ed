/**
 * Which regions of a pre-split a rowkey design can ever write to. The key's leading bytes are described as a set of
 * byte patterns (one set of possible bytes per position, any bytes after the last position) taken from its leading
 * fixed-width parts: literals write themselves, a salt or bucket writes one of its bucket values, a fixed-width hex or
 * decimal part writes one of its alphabet's characters per position, anything else any byte. The set always holds
 * every key the design can write (it may hold more), so a region that no key of the set falls into is certainly
 * never written: the verdict is exact for the salts and hash prefixes pre-splits are usually made for, and errs
 * towards "reachable" everywhere else.
 *
 * @module
 */
import { computeSplits } from '../../regions/index.js';
import type { KeyDesign, KeyPartShape, SplitModel } from '../model.js';
import { SALT_KINDS, writtenSplitKeys } from './links.js';

/** The bytes a position can hold, with the smallest allowed byte at or above each value (-1: none). */
interface Mask {
  readonly bits: Uint8Array;
  readonly next: Int16Array;
}

/** One byte pattern: the possible bytes at each position, then anything. */
type Pattern = readonly Mask[];

/** What {@link regionReach} found: regions of the pre-split and which of them no key can reach. */
export interface RegionReach {
  /** Regions the pre-split makes (split points + 1). */
  readonly regions: number;
  /** 0-based indexes (in key order) of the regions no key of the design can fall into. */
  readonly neverWritten: readonly number[];
}

/** Bucket values enumerated at most (a salt of more buckets is described by its alphabet per position). */
const MAX_BUCKETS = 4096;
/** Pattern-and-region pairs tried at most before unordered patterns are merged into one. */
const MAX_TRIES = 2_000_000;
/** Positions looked at: split points longer than this compare on their first bytes only. */
const MAX_POSITIONS = 64;

function mask(bits: Uint8Array): Mask {
  const next = new Int16Array(257).fill(-1);
  for (let c = 255; c >= 0; c--) next[c] = bits[c] === 1 ? c : next[c + 1]!;
  return { bits, next };
}
const maskOf = (chars: string): Mask => mask(Uint8Array.from({ length: 256 }, (_v, c) => (chars.includes(String.fromCharCode(c)) ? 1 : 0)));
const ANY = mask(new Uint8Array(256).fill(1));
const HEX = maskOf('0123456789abcdef');
const DECIMAL = maskOf('0123456789');
const SINGLE: readonly Mask[] = Array.from({ length: 256 }, (_v, b) => mask(Uint8Array.from({ length: 256 }, (_w, c) => (c === b ? 1 : 0))));

/** The possible bytes at each position of a fixed-width part by its alphabet. */
function alphabetMask(part: KeyPartShape): Mask {
  if (part.alphabet === 'hex') return HEX;
  if (part.alphabet === 'decimal') return DECIMAL;
  return ANY;
}

/** The patterns of a key, and whether they are ordered: every key of a pattern sorts below every key of the next. */
interface KeyPatterns {
  readonly patterns: readonly Pattern[];
  readonly ordered: boolean;
}

/**
 * The byte patterns of `key`'s leading fixed-width parts (at most {@link MAX_POSITIONS} positions). The first salt-like
 * part with enumerable bucket values gives one pattern per bucket (in bucket order, which is byte order); every other
 * part narrows positions by alphabet. The patterns are ordered when only literals come before the salt.
 */
function keyPatterns(key: KeyDesign): KeyPatterns {
  let patterns: Mask[][] = [[]];
  let ordered = false;
  let enumerated = false;
  for (const part of key.parts) {
    if (patterns[0]!.length >= MAX_POSITIONS) break;
    if (part.kind === 'literal') {
      let bytes: Uint8Array;
      try {
        bytes = part.encode({});
      } catch {
        break;
      }
      for (const p of patterns) for (const b of bytes) p.push(SINGLE[b]!);
      continue;
    }
    if (part.fixedWidth === undefined || part.fixedWidth === 0) break;
    const buckets = part.buckets;
    if (!enumerated && SALT_KINDS.has(part.kind) && part.bucketBytes !== undefined && buckets !== undefined && buckets <= MAX_BUCKETS) {
      enumerated = true;
      ordered = patterns[0]!.every((m) => SINGLE.includes(m));
      const values = Array.from({ length: buckets }, (_v, i) => part.bucketBytes!(i));
      patterns = patterns.flatMap((p) => values.map((v) => [...p, ...[...v].map((b) => SINGLE[b]!)]));
      continue;
    }
    const m = alphabetMask(part);
    for (const p of patterns) for (let i = 0; i < part.fixedWidth; i++) p.push(m);
  }
  return { patterns: patterns.filter((p) => p.length > 0), ordered };
}

/** One pattern allowing at each position every byte any of `patterns` allows there (all have the same length). */
function union(patterns: readonly Pattern[]): Pattern {
  return patterns[0]!.map((_m, i) => mask(Uint8Array.from({ length: 256 }, (_v, c) => (patterns.some((p) => p[i]!.bits[c] === 1) ? 1 : 0))));
}

function compare(a: readonly number[], b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/**
 * The smallest key of `pattern` (any bytes after its positions) at or above `start`, or `undefined` when every key of
 * the pattern sorts below `start`.
 */
function successor(pattern: Pattern, start: Uint8Array): number[] | undefined {
  const least = (from: number): number[] => pattern.slice(from).map((m) => m.next[0]!);
  // follow start while its bytes fit the pattern
  let k = 0;
  while (k < pattern.length && k < start.length && pattern[k]!.bits[start[k]!] === 1) k++;
  if (k === pattern.length) return [...start];
  if (k === start.length) return [...start, ...least(k)];
  // start leaves the pattern at k: go above start at the deepest position that can
  for (let j = k; j >= 0; j--) {
    const c = pattern[j]!.next[start[j]! + 1]!;
    if (c >= 0) return [...start.subarray(0, j), c, ...least(j + 1)];
  }
  return undefined;
}

/**
 * Which of the regions cut at `points` (ascending, distinct) a key of `key` can fall into; `undefined` when the key
 * has no leading part that narrows its bytes (every region may then be written).
 */
export function regionReach(key: KeyDesign, points: readonly Uint8Array[]): RegionReach | undefined {
  const found = keyPatterns(key);
  const { ordered } = found;
  // unordered patterns are tried one by one for every region; past this much work they merge into one pattern (the
  // bytes any of them allows at each position), which still holds every key
  const patterns = !ordered && found.patterns.length * (points.length + 1) > MAX_TRIES ? [union(found.patterns)] : found.patterns;
  if (patterns.length === 0 || patterns.every((p) => p.every((m) => m === ANY))) return undefined;
  const neverWritten: number[] = [];
  const starts = [new Uint8Array(0), ...points];
  // ordered patterns: the smallest key at or above a start comes from the first pattern with any key there, and as
  // starts ascend that pattern only moves forward
  let first = 0;
  for (let r = 0; r < starts.length; r++) {
    const end = points[r];
    const below = (next: number[] | undefined): boolean => next !== undefined && (end === undefined || compare(next, end) < 0);
    let reached: boolean;
    if (ordered) {
      let next = first < patterns.length ? successor(patterns[first]!, starts[r]!) : undefined;
      while (next === undefined && ++first < patterns.length) next = successor(patterns[first]!, starts[r]!);
      reached = below(next);
    } else reached = patterns.some((p) => below(successor(p, starts[r]!)));
    // the region [start, end) is reached when the smallest key at or above start sorts below end
    if (!reached) neverWritten.push(r);
  }
  return { regions: starts.length, neverWritten };
}

/**
 * The split points of a pre-split as bytes, ascending and distinct: `RegionSplitter`'s points for
 * `NUMREGIONS`/`SPLITALGO`, the written points otherwise. Points read from a live table or proposed by `design
 * suggest` are in `toStringBinary` form (`binaryForm`); points from a script are the keys the shell makes of them
 * (`shellSplitKey`). Empty points are left out (the shell refuses them; `SPLIT_POINTS_REFUSED` reports them).
 * `undefined` when the points are not known or cannot be computed (a point the shell cannot convert among them).
 */
export function splitPointBytes(splits: SplitModel): Uint8Array[] | undefined {
  let points: Uint8Array[];
  if (splits.kind === 'algorithm') {
    try {
      points = computeSplits(splits.algorithm, { regions: splits.numRegions });
    } catch {
      return undefined;
    }
  } else if (splits.kind === 'points') {
    const keys = writtenSplitKeys(splits);
    if (keys === undefined || keys.some((k) => k === undefined)) return undefined;
    points = keys as Uint8Array[];
  } else return undefined;
  const sorted = points.filter((p) => p.length > 0).sort((a, b) => compare([...a], b));
  return sorted.filter((p, i) => i === 0 || compare([...p], sorted[i - 1]!) !== 0);
}
