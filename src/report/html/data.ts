/**
 * The data one report panel embeds: the key-space heatmap's rows (key-space segments between every region boundary
 * seen), its columns (rate intervals), each region's cells as log-quantized Uint16 rates (deflated, base64), and the
 * per-server load with the fair share. Keys are stored once each, in toStringBinary form.
 *
 * @module
 */
import { deflateRawSync } from 'node:zlib';
import { compareBytes, toStringBinary } from '../../bytes/index.js';
import { isMutation, type KeySample, type LoadRates } from '../../model/index.js';
import { RegionTable } from '../../model/region-table.js';
import { primaryCount, secondaryReplicas } from '../../analysis/detect/replicas.js';

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
  /**
   * Key ranges of the table in each interval: its regions less secondary read replicas (the fair share of a region is
   * 1 / this of the table's requests).
   */
  readonly regionCounts: number[];
  /** Per server (parallel to `servers`): the host, or host and port where hosts repeat, without the domain all share. */
  readonly serverShort: string[];
  /** Per region: what the analysis says about it (hot region, findings naming it), one line each; empty for none. */
  readonly notes: string[][];
  /** Key samples placed inside their regions, or `null` when none were given; see {@link PlacedSamples}. */
  readonly samples: PlacedSamples | null;
}

/**
 * Key samples located in the heatmap, parallel arrays (one entry per sample inside the window and a region):
 * interval, region (index into the panel's regions), key-space row (segment) and the position inside that row in
 * [0, 1) (sampled keys of a row in key order, evenly spaced: a sequence of keys written one after another becomes
 * a diagonal, one key written again and again a single line), the weight (requests it stands for) and whether it
 * was a read (`read`, `scan`) rather than a mutation.
 */
export interface PlacedSamples {
  readonly t: number[];
  readonly region: number[];
  readonly seg: number[];
  readonly pos: number[];
  readonly weight: number[];
  readonly read: number[];
  /** Samples given, and samples dropped for lying outside the window or any region, or thinned past the cap. */
  readonly given: number;
  readonly dropped: number;
}

/** At most this many samples are embedded; more are thinned systematically, each kept one standing for more. */
export const MAX_PLACED_SAMPLES = 100_000;

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
  readonly encoded: string;
  /** Position in key order (set once the regions are sorted). */
  index: number;
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
export function panelData(title: string, rates: LoadRates, extra: PanelExtras = {}): PanelData {
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
        regions.add(i, r.encodedName, (acc = { name: r.name, encoded: r.encodedName, index: 0, start: r.startKey, end: r.endKey, t0: t, t1: t - 1, cells: 0, offset: 0, written: 0, writtenTo: t - 1, server: -2, runs: [] }));
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
  for (const [i, r] of list.entries()) {
    r.index = i;
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
    // key ranges: a secondary read replica is no range of its own (analysis/detect/replicas.ts)
    regionCounts: rates.intervals.map((iv) => primaryCount(iv.regions, secondaryReplicas(iv.regions))),
    serverShort: shortServerNames(servers),
    notes: list.map((r) => [...(extra.notes?.get(r.encoded) ?? [])]),
    samples: extra.samples ? placeSamples(extra.samples, rates, bounds, (t, i) => regions.get(i, rates.intervals[t]?.regions[i]?.encodedName ?? '')?.index ?? -1) : null,
  };
  panel.keys.push(...keys.keys());
  return panel;
}

/** What a panel shows besides the rates: key samples to place, and notes per region (by encoded name). */
export interface PanelExtras {
  readonly samples?: readonly KeySample[];
  readonly notes?: ReadonlyMap<string, readonly string[]>;
}

/**
 * Short RegionServer names for a legend: `host,port,startcode` becomes the host, the host and port where one host
 * runs several servers, the whole name where even that repeats; a domain every host shares (`.lan`) is dropped.
 */
export function shortServerNames(servers: readonly string[]): string[] {
  const hosts = servers.map((s) => s.split(',')[0] ?? s);
  const labels = hosts.map((h) => h.split('.'));
  let common = 0;
  if (servers.length > 1) {
    const first = labels[0] ?? [];
    while (common < first.length - 1 && labels.every((l) => l.length - common > 1 && l[l.length - 1 - common] === first[first.length - 1 - common])) common++;
  }
  const short = labels.map((l) => l.slice(0, l.length - common).join('.'));
  const count = (xs: string[], x: string): number => xs.filter((y) => y === x).length;
  const withPort = servers.map((s, i) => (count(short, short[i] ?? '') > 1 ? `${short[i]}:${s.split(',')[1] ?? ''}` : short[i] ?? s));
  return servers.map((s, i) => (count(withPort, withPort[i] ?? '') > 1 ? s : withPort[i] ?? s));
}

/** Index of the last element of sorted `xs` with `before(x)` true, −1 for none. */
function lastWhere<T>(xs: readonly T[], before: (x: T) => boolean): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(xs[mid] as T)) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * Locates key samples in the heatmap: the interval whose (start, end] holds the sample's time, the region holding its
 * key then, the key-space row, and its place among the row's distinct sampled keys.
 */
function placeSamples(samples: readonly KeySample[], rates: LoadRates, bounds: readonly Uint8Array[], regionIndex: (t: number, i: number) => number): PlacedSamples {
  const stride = Math.max(1, Math.ceil(samples.length / MAX_PLACED_SAMPLES));
  const byInterval = rates.intervals.map((iv) => iv.regions.map((r, i) => ({ start: r.startKey, end: r.endKey, i })).sort((a, b) => compareBytes(a.start, b.start)));
  const kept: { t: number; region: number; seg: number; key: Uint8Array; weight: number; read: number }[] = [];
  for (let n = 0; n < samples.length; n += stride) {
    const s = samples[n] as KeySample;
    const t = lastWhere(rates.intervals, (iv) => iv.endMs < s.timeMs) + 1;
    const iv = rates.intervals[t];
    if (!iv || s.timeMs <= iv.startMs) continue;
    const inIv = byInterval[t] ?? [];
    const at = inIv[lastWhere(inIv, (r) => compareBytes(r.start, s.key) <= 0)];
    if (!at || (at.end.length > 0 && compareBytes(s.key, at.end) >= 0)) continue;
    const region = regionIndex(t, at.i);
    if (region < 0) continue;
    const seg = Math.max(0, lastWhere(bounds, (b) => compareBytes(b, s.key) <= 0));
    kept.push({ t, region, seg, key: s.key, weight: (s.weight ?? 1) * stride, read: isMutation(s.op) ? 0 : 1 });
  }
  kept.sort((a, b) => a.t - b.t);
  // each row's distinct sampled keys in key order, evenly spaced over the row
  const rowKeys = new Map<number, Map<string, Uint8Array>>();
  for (const k of kept) {
    let keys = rowKeys.get(k.seg);
    if (!keys) rowKeys.set(k.seg, (keys = new Map()));
    keys.set(toStringBinary(k.key), k.key);
  }
  const rank = new Map<number, Map<string, number>>();
  for (const [seg, keys] of rowKeys) {
    const order = [...keys.entries()].sort((x, y) => compareBytes(x[1], y[1]));
    rank.set(seg, new Map(order.map(([text], i) => [text, (i + 0.5) / order.length])));
  }
  return {
    t: kept.map((k) => k.t),
    region: kept.map((k) => k.region),
    seg: kept.map((k) => k.seg),
    pos: kept.map((k) => Math.round((rank.get(k.seg)?.get(toStringBinary(k.key)) ?? 0.5) * 1e4) / 1e4),
    weight: kept.map((k) => k.weight),
    read: kept.map((k) => k.read),
    given: samples.length,
    dropped: samples.length - kept.length,
  };
}
