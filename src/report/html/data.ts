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
import { RegionTable } from '../../model/region-table.js';

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

/** Deflates (raw) and base64-encodes a Uint16 array's little-endian bytes. */
function pack(cells: Uint16Array): string {
  return deflateRawSync(Buffer.from(cells.buffer, cells.byteOffset, cells.byteLength)).toString('base64');
}

/**
 * One region of a panel and its run of cells: one per interval from `t0` to `t1` ({@link ABSENT} in intervals it
 * missed), plus one per further reading within an interval (a hand-built series can list a region twice).
 */
interface RegionCells {
  readonly name: string;
  readonly start: Uint8Array;
  readonly end: Uint8Array;
  /** First interval with a reading. */
  readonly t0: number;
  /** Last interval with a reading (so far, while the intervals are read). */
  t1: number;
  /** Number of cells. */
  cells: number;
  /** Index of the first cell in the packed arrays, once the regions are in key order. */
  offset: number;
  /** Cells written so far, and the last interval they reach. */
  written: number;
  writtenTo: number;
  /** Server index of the latest cell written (−1 for a missed interval), and the server changes as flat pairs. */
  server: number;
  readonly runs: number[];
}

/**
 * Builds one panel from a series' rates, in two passes over the region rates: the first finds the regions, their
 * intervals and the largest rate (the quantization scale); the second writes each cell, quantized, straight into
 * its place in the three Uint16 arrays.
 */
export function panelData(title: string, rates: LoadRates): PanelData {
  const keys = new Map<string, number>();
  const keyIndex = (k: Uint8Array): number => {
    const s = toStringBinary(k);
    let i = keys.get(s);
    if (i === undefined) keys.set(s, (i = keys.size));
    return i;
  };
  const boundMap = new Map<string, Uint8Array>([['', new Uint8Array(0)]]);
  const regions = new RegionTable<RegionCells>();
  const serverIdx = new Map<string, number>();
  let split = true;
  let max = 0;
  rates.intervals.forEach((iv, t) => {
    iv.regions.forEach((r, i) => {
      if (!serverIdx.has(r.server)) serverIdx.set(r.server, serverIdx.size);
      let acc = regions.get(i, r.encodedName);
      if (!acc) {
        regions.add(i, r.encodedName, (acc = { name: r.name, start: r.startKey, end: r.endKey, t0: t, t1: t - 1, cells: 0, offset: 0, written: 0, writtenTo: t - 1, server: -2, runs: [] }));
        boundMap.set(toStringBinary(r.startKey), r.startKey);
        if (r.endKey.length > 0) boundMap.set(toStringBinary(r.endKey), r.endKey);
      }
      acc.cells += Math.max(0, t - acc.t1 - 1) + 1;
      acc.t1 = t;
      max = Math.max(max, r.requestsPerSec);
      if (r.writesPerSec === null || r.readsPerSec === null) split = false;
    });
  });
  const bounds = [...boundMap.values()].sort(compareBytes);
  const boundIndex = new Map(bounds.map((b, i) => [toStringBinary(b), i]));
  const list = [...regions.byName.values()].sort((a, b) => compareBytes(a.start, b.start) || a.t0 - b.t0);
  let cellCount = 0;
  for (const r of list) {
    r.offset = cellCount;
    cellCount += r.cells;
  }
  const scale = max > 0 ? 65534 / Math.log1p(max) : 1;
  const q = (v: number): number => (v < 0 ? ABSENT : Math.min(65534, Math.round(Math.log1p(v) * scale)));
  const requests = new Uint16Array(cellCount);
  const writes = new Uint16Array(cellCount);
  const reads = new Uint16Array(cellCount);
  rates.intervals.forEach((iv, t) => {
    iv.regions.forEach((r, i) => {
      const acc = regions.get(i, r.encodedName) as RegionCells;
      for (; acc.writtenTo < t - 1; acc.writtenTo++, acc.written++) {
        requests[acc.offset + acc.written] = writes[acc.offset + acc.written] = reads[acc.offset + acc.written] = ABSENT;
        acc.server = -1;
      }
      const at = acc.offset + acc.written;
      requests[at] = q(r.requestsPerSec);
      writes[at] = q(r.writesPerSec ?? -1);
      reads[at] = q(r.readsPerSec ?? -1);
      const server = serverIdx.get(r.server) ?? 0;
      if (server !== acc.server) acc.runs.push(acc.t0 + acc.written, server);
      acc.server = server;
      acc.written++;
      acc.writtenTo = t;
    });
  });
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
    servers,
    names: list.map((r) => r.name),
    startKey: list.map((r) => keyIndex(r.start)),
    endKey: list.map((r) => keyIndex(r.end)),
    segA: list.map((r) => boundIndex.get(toStringBinary(r.start)) ?? 0),
    segB: list.map((r) => (r.end.length === 0 ? bounds.length : boundIndex.get(toStringBinary(r.end)) ?? bounds.length)),
    t0: list.map((r) => r.t0),
    t1: list.map((r) => r.t1),
    serverRuns: list.map((r) => r.runs),
    scale,
    requests: pack(requests),
    writes: pack(writes),
    reads: pack(reads),
    split,
    serverRates,
    fair: totals.map((t, i) => t / Math.max(1, rates.intervals[i]?.servers.length ?? 1)),
    totals,
  };
  panel.keys.push(...keys.keys());
  return panel;
}
