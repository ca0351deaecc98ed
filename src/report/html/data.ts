/**
 * The data one report panel embeds: the key-space heatmap's rows (key-space segments between every region boundary
 * seen), its columns (rate intervals), each region's cells as log-quantized Uint16 rates (deflated, base64), and the
 * per-server load with the fair share. Keys are stored once each, in toStringBinary form.
 *
 * @module
 */
import { deflateRawSync } from 'node:zlib';
import { compareBytes, toStringBinary } from '../../bytes/index.js';
import type { LoadRates } from '../../model/index.js';

/** Quantized value meaning "no value" (the region did not exist in the interval, or the source lacks the split). */
export const ABSENT = 65535;

/** One heatmap panel's embedded data (JSON). Arrays indexed by region are parallel. */
export interface PanelData {
  readonly title: string;
  readonly table: string;
  /** Interval start and end times, epoch ms (`starts.length === ends.length` = T columns). */
  readonly starts: number[];
  readonly ends: number[];
  /** Distinct keys, toStringBinary. */
  readonly keys: string[];
  /** Segment start keys (index into `keys`), S rows in key order; the last segment runs to the table's end. */
  readonly segKey: number[];
  /** Cumulative key-space position of each segment start and the end, S + 1 values from 0 to 1. */
  readonly segPos: number[];
  /** Key-space width of each segment, a fraction of the byte key space ({@link segmentWidths}); spreads a region's rate. */
  readonly segW: number[];
  readonly servers: string[];
  /** Per region: full name, start and end key (index into `keys`), first and past-last segment, first and last interval. */
  readonly names: string[];
  readonly startKey: number[];
  readonly endKey: number[];
  readonly segA: number[];
  readonly segB: number[];
  readonly t0: number[];
  readonly t1: number[];
  /** Per region: server changes as flat pairs `[interval, serverIndex, …]`, first pair at `t0`. */
  readonly serverRuns: number[][];
  /** Per cell value v ≥ 0 stored as round(ln(1 + v) × scale); {@link ABSENT} for none. */
  readonly scale: number;
  /** Deflated (raw) little-endian Uint16 cells, region by region over t0..t1, base64: requests/s, writes/s, reads/s. */
  readonly requests: string;
  readonly writes: string;
  readonly reads: string;
  /** True when the source has the read/write split. */
  readonly split: boolean;
  /** Per server, requests/s per interval; and the fair share (table requests/s ÷ servers) per interval. */
  readonly serverRates: number[][];
  readonly fair: number[];
  /** Table requests/s per interval. */
  readonly totals: number[];
}

/** Position of `key` in [0, 1) from its bytes after `skip`, read as a base-256 fraction (6 bytes). */
function keyPosition(key: Uint8Array, skip: number): number {
  let pos = 0;
  let scale = 1 / 256;
  for (let i = skip; i < skip + 6; i++, scale /= 256) pos += (key[i] ?? 0) * scale;
  return pos;
}

function commonPrefix(keys: readonly Uint8Array[]): number {
  const first = keys[0];
  if (!first) return 0;
  let n = first.length;
  for (const k of keys) {
    let i = 0;
    while (i < n && i < k.length && k[i] === first[i]) i++;
    n = i;
  }
  return n;
}

/**
 * Cumulative key-space positions of the segment starts: interior segments in proportion to their key range (bytes
 * after the boundaries' common prefix); the two open-ended edge segments at the interior average.
 */
export function segmentPositions(bounds: readonly Uint8Array[]): number[] {
  const S = bounds.length;
  const inner = bounds.slice(1);
  const skip = commonPrefix(inner);
  const raw = inner.map((k) => keyPosition(k, skip));
  const widths: number[] = [];
  for (let i = 1; i < raw.length; i++) widths.push(Math.max(0, (raw[i] ?? 0) - (raw[i - 1] ?? 0)));
  const span = widths.reduce((a, b) => a + b, 0);
  const interior = span > 0 ? widths.map((w) => w / span) : widths.map(() => 1 / Math.max(1, widths.length));
  const edge = interior.length > 0 ? 1 / interior.length : 1;
  const all = S === 1 ? [1] : [edge, ...interior, edge];
  const total = all.reduce((a, b) => a + b, 0);
  const pos = [0];
  for (const w of all) pos.push((pos.at(-1) ?? 0) + w / total);
  pos[pos.length - 1] = 1;
  return pos;
}

/**
 * Key-space width of each segment `[bounds[i], bounds[i + 1])` (the last to the table's end), as a fraction of the
 * whole byte key space, taken at the first byte where the two bounds differ so that ranges of keys alike in many
 * leading bytes keep a positive width (down to 256^-(d+7) for a difference at byte d).
 */
export function segmentWidths(bounds: readonly Uint8Array[]): number[] {
  return bounds.map((lo, i) => {
    const hi = bounds[i + 1];
    if (!hi) return Math.max(1 - keyPosition(lo, 0), 2 ** -53);
    let d = 0;
    while (d < lo.length && d < hi.length && lo[d] === hi[d]) d++;
    const width = (keyPosition(hi, d) - keyPosition(lo, d)) * 256 ** -d;
    return width > 0 ? width : 256 ** -(d + 7);
  });
}

/** Quantizes the per-region value lists into one Uint16 array (region by region), deflated and base64-encoded. */
function pack(lists: readonly (readonly number[])[], q: (v: number) => number): string {
  const u16 = new Uint16Array(lists.reduce((n, l) => n + l.length, 0));
  let i = 0;
  for (const list of lists) for (const v of list) u16[i++] = q(v);
  return deflateRawSync(Buffer.from(u16.buffer)).toString('base64');
}

/** Builds one panel from a series' rates. */
export function panelData(title: string, rates: LoadRates): PanelData {
  const T = rates.intervals.length;
  const keys = new Map<string, number>();
  const keyIndex = (k: Uint8Array): number => {
    const s = toStringBinary(k);
    let i = keys.get(s);
    if (i === undefined) keys.set(s, (i = keys.size));
    return i;
  };
  const boundMap = new Map<string, Uint8Array>([['', new Uint8Array(0)]]);
  interface Acc { name: string; start: Uint8Array; end: Uint8Array; t0: number; t1: number; servers: number[]; req: number[]; wr: number[]; rd: number[] }
  const regions = new Map<string, Acc>();
  const serverIdx = new Map<string, number>();
  let split = true;
  rates.intervals.forEach((iv, t) => {
    for (const r of iv.regions) {
      if (!serverIdx.has(r.server)) serverIdx.set(r.server, serverIdx.size);
      let acc = regions.get(r.encodedName);
      if (!acc) {
        regions.set(r.encodedName, (acc = { name: r.name, start: r.startKey, end: r.endKey, t0: t, t1: t - 1, servers: [], req: [], wr: [], rd: [] }));
        boundMap.set(toStringBinary(r.startKey), r.startKey);
        if (r.endKey.length > 0) boundMap.set(toStringBinary(r.endKey), r.endKey);
      }
      for (let gap = acc.t1 + 1; gap < t; gap++) {
        acc.servers.push(-1); acc.req.push(-1); acc.wr.push(-1); acc.rd.push(-1);
      }
      acc.t1 = t;
      acc.servers.push(serverIdx.get(r.server) ?? 0);
      acc.req.push(r.requestsPerSec);
      acc.wr.push(r.writesPerSec ?? -1);
      acc.rd.push(r.readsPerSec ?? -1);
      if (r.writesPerSec === null || r.readsPerSec === null) split = false;
    }
  });
  const bounds = [...boundMap.values()].sort(compareBytes);
  const boundIndex = new Map(bounds.map((b, i) => [toStringBinary(b), i]));
  const list = [...regions.values()].sort((a, b) => compareBytes(a.start, b.start) || a.t0 - b.t0);
  let max = 0;
  for (const r of list) for (const v of r.req) max = Math.max(max, v);
  const scale = max > 0 ? 65534 / Math.log1p(max) : 1;
  const q = (v: number): number => (v < 0 ? ABSENT : Math.min(65534, Math.round(Math.log1p(v) * scale)));
  const servers = [...serverIdx.keys()];
  const serverRates = servers.map((s) => rates.intervals.map((iv) => iv.servers.find((x) => x.server === s)?.requestsPerSec ?? 0));
  const totals = rates.intervals.map((iv) => iv.servers.reduce((a, s) => a + s.requestsPerSec, 0));
  const panel: PanelData = {
    title,
    table: rates.table,
    starts: rates.intervals.map((iv) => iv.startMs),
    ends: rates.intervals.map((iv) => iv.endMs),
    keys: [],
    segKey: bounds.map(keyIndex),
    segPos: segmentPositions(bounds),
    segW: segmentWidths(bounds),
    servers,
    names: list.map((r) => r.name),
    startKey: list.map((r) => keyIndex(r.start)),
    endKey: list.map((r) => keyIndex(r.end)),
    segA: list.map((r) => boundIndex.get(toStringBinary(r.start)) ?? 0),
    segB: list.map((r) => (r.end.length === 0 ? bounds.length : boundIndex.get(toStringBinary(r.end)) ?? bounds.length)),
    t0: list.map((r) => r.t0),
    t1: list.map((r) => r.t1),
    serverRuns: list.map((r) => r.servers.flatMap((s, i) => (s >= 0 && s !== r.servers[i - 1] ? [r.t0 + i, s] : []))),
    scale,
    requests: pack(list.map((r) => r.req), q),
    writes: pack(list.map((r) => r.wr), q),
    reads: pack(list.map((r) => r.rd), q),
    split,
    serverRates,
    fair: totals.map((t, i) => t / Math.max(1, rates.intervals[i]?.servers.length ?? 1)),
    totals,
  };
  panel.keys.push(...keys.keys());
  return panel;
}
