/**
 * Running totals of a server's or region's load (requests, reads, writes, and the reads its rows explain) over the
 * intervals it was part of, with the seconds they lasted.
 *
 * @module
 */
import type { MeasuredLoad } from './hot-test.js';
import { share } from './stats.js';
import { hostPortOf } from '../../util/server-name.js';

/** A member's load summed over intervals. */
export interface Tally {
  reads: number | null;
  writes: number | null;
  requests: number;
  seconds: number;
  /** Reads the member's rows explain (intervals whose reads follow rows). */
  rowReads: number;
}

/** Adds one interval's load `r` (lasting `seconds`, with `rowReads` of it explained by rows) to `t`. */
export function add(t: Tally, r: { reads: number | null; writes: number | null; requests: number }, seconds: number, rowReads = 0): void {
  t.reads = t.reads === null || r.reads === null ? null : t.reads + r.reads;
  t.writes = t.writes === null || r.writes === null ? null : t.writes + r.writes;
  t.requests += r.requests;
  t.seconds += seconds;
  t.rowReads += rowReads;
}

/** A tally per second of its own time: rates over the member's lifetime, for members that lived different times. */
export function perSecond(t: Tally): MeasuredLoad {
  const s = t.seconds > 0 ? t.seconds : 1;
  return { requests: t.requests / s, reads: t.reads === null ? null : t.reads / s, writes: t.writes === null ? null : t.writes / s, rowReads: t.rowReads / s };
}

/** One server's load over the window so far, how often hot, and its load over now. */
export interface ServerTally {
  /** Its name as last seen (`host,port,startcode` of its latest incarnation). */
  name: string;
  readonly tally: Tally;
  hotIntervals: number;
  now?: Tally;
  nowHotIntervals: number;
}

/** An empty tally. */
export const newTally = (): Tally => ({ reads: 0, writes: 0, requests: 0, seconds: 0, rowReads: 0 });

/** `part / whole`, `null` when either is unknown (no read/write split). */
export const ratio = (part: number | null, whole: number | null) => (part === null || whole === null ? null : share(part, whole));

/**
 * A RegionServer's identity across restarts: `host:port` of a `host,port,startcode` name (each restart gives a new
 * start code; its incarnations are one server to compare with its peers). Other forms are kept as they are.
 */
export const serverKey: (server: string) => string = hostPortOf;
