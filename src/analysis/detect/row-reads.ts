/**
 * Reads that follow rows (scan amplification): in an interval where the regions' read counts fall in proportion to
 * their store sizes, the reads are spread by the data (full or wide scans, a filter doing the selection, or gets
 * spread over every row), not by key popularity. A region that holds more rows then takes more reads without any key
 * of it being popular, and the peer test would call it hot. Such reads are set aside from the hot test (the region's
 * `rowReads`) and reported as the `scan-amplification` finding instead.
 *
 * An interval's reads follow rows when all of these hold:
 * - its reads are known and material (at least {@link MATERIAL_SHARE} of its requests);
 * - the store sizes are known and spread over at least {@link ROWS_MIN_REGIONS} regions (by the effective count
 *   S² ÷ Σ sᵢ²): with one or two regions holding the data, rows and popular keys cannot be told apart;
 * - at least {@link ROWS_OVERLAP} of the reads fall where the rows are: Σ min(read shareᵢ, size shareᵢ).
 *
 * A region more than k × the average size of the other regions holding data gets no allowance: a region hot because
 * it is that much bigger is a region to split, whatever reads it. Secondary read replicas (`replicas.ts`) take no
 * part: they hold their primary's files but take only timeline reads; the profile is the primaries', and a replica gets
 * no allowance.
 *
 * @module
 */
import type { RateInterval } from '../../model/index.js';
import { MATERIAL_SHARE } from './hot-test.js';
import { secondaryReplicas } from './replicas.js';

/** Share of an interval's reads that must fall where its rows are (Σ min(read share, size share)). */
export const ROWS_OVERLAP = 0.8;
/** Fewest regions holding the data (effective count by store size) for reads to be told from key popularity. */
export const ROWS_MIN_REGIONS = 3;

/** An interval whose reads follow rows. */
export interface RowReadProfile {
  /** Σ min(read share, size share) over the interval's regions, 0–1. */
  readonly overlap: number;
  /** Per region, in the interval's order: the reads its rows explain (0 for a region k × bigger than its peers). */
  readonly rowReads: Float64Array;
  /** The interval's reads. */
  readonly reads: number;
  /** Effective number of regions holding the data. */
  readonly dataRegions: number;
}

/** The interval's {@link RowReadProfile}, or `undefined` when its reads do not follow rows (or cannot be told to). */
export function rowReadProfile(iv: RateInterval, k: number): RowReadProfile | undefined {
  const replicas = secondaryReplicas(iv.regions);
  let reads = 0;
  let requests = 0;
  let size = 0;
  let sizeSquares = 0;
  let holding = 0;
  for (let i = 0; i < iv.regions.length; i++) {
    const r = iv.regions[i] as RateInterval['regions'][number];
    if (r.reads === null) return undefined;
    if (replicas?.[i]) continue;
    reads += r.reads;
    requests += r.requests;
    size += r.storeSizeBytes;
    sizeSquares += r.storeSizeBytes * r.storeSizeBytes;
    if (r.storeSizeBytes > 0) holding++;
  }
  if (!(reads > 0) || reads < MATERIAL_SHARE * requests || !(size > 0)) return undefined;
  const dataRegions = (size * size) / sizeSquares;
  if (dataRegions < ROWS_MIN_REGIONS) return undefined;
  let overlap = 0;
  iv.regions.forEach((r, i) => {
    if (!replicas?.[i]) overlap += Math.min((r.reads as number) / reads, r.storeSizeBytes / size);
  });
  if (overlap < ROWS_OVERLAP) return undefined;
  const rowReads = new Float64Array(iv.regions.length);
  iv.regions.forEach((r, i) => {
    if (replicas?.[i]) return;
    const others = holding - (r.storeSizeBytes > 0 ? 1 : 0);
    const peersMean = others > 0 ? (size - r.storeSizeBytes) / others : 0;
    if (peersMean > 0 && r.storeSizeBytes > k * peersMean) return;
    rowReads[i] = (reads * r.storeSizeBytes) / size;
  });
  return { overlap, rowReads, reads, dataRegions };
}
