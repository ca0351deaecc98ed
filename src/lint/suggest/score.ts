/**
 * Scores a candidate key against the stated access patterns and write load. Higher is better. The points are a
 * plain sum, so the ranking can be explained term by term:
 * - each access pattern the key serves from a known prefix: +10; one it cannot serve (full table scan): -20;
 * - each salt bucket fan-out: -2 x log2(scans) (16 scans: -8);
 * - `latest-n` reading newest first: +4; `time-range` over a time part: +4;
 * - the decision guide's pairings: `point-get` on a hash prefix +2 (on salt buckets +1); `time-range` or
 *   `sequential-writes` on salt + composite +2;
 * - writes: when the load per RegionServer is heavy (over {@link HEAVY_WRITES_PER_SERVER} writes/s) or the access
 *   says `sequential-writes`, +6 for salted/hashed keys; otherwise +3 for keys without a salt (simpler, readable);
 * - each lint warning: -2, each info: -1, each error: -100.
 *
 * @module
 */
import type { KeyDesign } from '../model.js';
import { scanShape, timeDirection } from '../rules/key-scan.js';
import type { Finding } from '../rules/types.js';
import type { Candidate } from './candidates.js';

/** Writes per second per RegionServer above which write spreading outweighs key simplicity. */
export const HEAVY_WRITES_PER_SERVER = 1000;

/** One term of a score, for `--json` and the explanation. */
export interface ScoreTerm {
  readonly points: number;
  readonly reason: string;
}

/** Scores `key` (built from `candidate`); `writesPerSec`/`servers` describe the load. */
export function scoreCandidate(candidate: Candidate, key: KeyDesign, findings: readonly Finding[], writesPerSec: number | undefined, servers: number): ScoreTerm[] {
  const terms: ScoreTerm[] = [];
  const spread = candidate.strategy === 'salted-composite' || candidate.strategy === 'hash-prefix';
  for (const a of key.access) {
    const name = a.fields.length === 0 ? a.kind : `${a.kind}:${a.fields.join('+')}`;
    if (a.kind === 'sequential-writes') continue;
    const shape = scanShape(key, a);
    if (shape.unused.length > 0) {
      terms.push({ points: -20, reason: `${name} scans the whole table` });
      continue;
    }
    terms.push({ points: 10, reason: `${name} reads from a known prefix` });
    const scans = shape.fanOut.reduce((n, p) => n * (p.buckets ?? 1), 1);
    if (scans > 1) terms.push({ points: -2 * Math.log2(scans), reason: `${name} fans out to ${scans} scans` });
    const dir = shape.scanned === undefined ? 'none' : timeDirection(key, shape.scanned);
    if (a.kind === 'latest-n' && dir === 'down') terms.push({ points: 4, reason: `${name} reads newest first` });
    if (a.kind === 'time-range' && dir !== 'none') terms.push({ points: 4, reason: `${name} ranges over time` });
    if (a.kind === 'point-get' && candidate.strategy === 'hash-prefix') terms.push({ points: 2, reason: 'point gets spread evenly over HexStringSplit regions' });
    if (a.kind === 'point-get' && candidate.strategy === 'salted-composite') terms.push({ points: 1, reason: 'point gets spread over salt buckets' });
  }
  const rangeOrAppend = key.access.some((a) => a.kind === 'time-range' || a.kind === 'sequential-writes');
  if (rangeOrAppend && candidate.strategy === 'salted-composite') terms.push({ points: 2, reason: 'salt + composite serves time ranges and appends (decision guide)' });
  const heavy = (writesPerSec !== undefined && writesPerSec / servers > HEAVY_WRITES_PER_SERVER) || key.access.some((a) => a.kind === 'sequential-writes');
  if (heavy && spread) terms.push({ points: 6, reason: 'heavy writes spread over every region' });
  if (!heavy && !spread) terms.push({ points: 3, reason: 'light writes: a readable key without salt' });
  for (const f of findings) {
    const points = f.severity === 'error' ? -100 : f.severity === 'warning' ? -2 : -1;
    terms.push({ points, reason: `lint ${f.severity} ${f.code}` });
  }
  return terms;
}
