/**
 * The write rate over the day. Without a peak the rate is flat; with one it follows a cosine with its maximum at
 * `peakHourUtc` and the given average, so a day's writes are exactly `writeRatePerSec × 86400`.
 *
 * @module
 */
import type { WorkloadSpec } from './scenario/types.js';

const DAY_MS = 86_400_000;

/** Write rate at epoch ms `timeMs`, ops/s. */
export function writeRateAt(workload: WorkloadSpec, timeMs: number): number {
  const avg = workload.writeRatePerSec;
  if (workload.peakWriteRatePerSec === undefined) return avg;
  const phase = ((timeMs - workload.peakHourUtc * 3_600_000) % DAY_MS) / DAY_MS;
  return avg + (workload.peakWriteRatePerSec - avg) * Math.cos(2 * Math.PI * phase);
}

/** Writes in `[fromMs, toMs)`: the rate integrated over the interval (exact for the cosine). */
export function writesBetween(workload: WorkloadSpec, fromMs: number, toMs: number): number {
  const avg = workload.writeRatePerSec;
  const seconds = (toMs - fromMs) / 1000;
  if (workload.peakWriteRatePerSec === undefined) return avg * seconds;
  const amp = workload.peakWriteRatePerSec - avg;
  const w = (2 * Math.PI) / DAY_MS;
  const shift = workload.peakHourUtc * 3_600_000;
  const integralMs = (Math.sin(w * (toMs - shift)) - Math.sin(w * (fromMs - shift))) / w;
  return avg * seconds + (amp * integralMs) / 1000;
}
