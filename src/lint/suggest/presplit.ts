/**
 * The pre-split proposed with each candidate key: salt-aligned split points for salted keys, `HexStringSplit` for
 * hash prefixes, and split points from key samples for keys that start with the entity itself.
 *
 * @module
 */
import { toStringBinary } from '../../bytes/index.js';
import type { RowkeyTemplate } from '../../keys/types.js';
import { initialRegionCount, saltSplitPoints } from '../../regions/index.js';
import type { SourcePlace, SplitModel } from '../model.js';
import { rubyToBytesBinary } from '../../hbase/shell/ruby.js';
import type { Candidate } from './candidates.js';

/** A proposed pre-split. */
export interface PresplitProposal {
  /** Regions the table starts with; `undefined` when they come from key samples. */
  readonly regions: number | undefined;
  /** How the split points are made, one line. */
  readonly method: string;
  /** The `create` options that make it, as typed in `hbase shell`, every split point written out. */
  readonly shell: string;
  /** The split as the lint model sees it. */
  readonly splits: SplitModel;
  /** Regions per salt bucket, for salt-aligned splits. */
  readonly regionsPerBucket?: number;
  /** Regions the sizing asked for (servers x 20); sampled splits aim at it. */
  readonly targetRegions: number;
}

const PLACE: SourcePlace = { file: '<suggestion>', line: 1, column: 1 };

/**
 * A split point as a Ruby string literal `hbase shell` turns into exactly these bytes: single-quoted when it is
 * printable ASCII without `'` or `\`, otherwise the `toStringBinary` text in a double-quoted literal
 * ({@link rubyToBytesBinary}), since `create` reads each point with `Bytes.toBytesBinary` (a raw byte of 0x80 or more
 * in the literal would reach it as U+FFFD and be written 0xFD).
 */
export function rubyQuote(bytes: Uint8Array): string {
  const plain = bytes.every((b) => b >= 0x20 && b <= 0x7e && b !== 0x27 && b !== 0x5c);
  if (plain) return `'${String.fromCharCode(...bytes)}'`;
  return rubyToBytesBinary(bytes);
}

/**
 * Proposes the pre-split for `candidate` (compiled as `template`) on `servers` RegionServers, sized by
 * `initialRegionCount` (servers x 20 regions).
 */
export function proposePresplit(candidate: Candidate, template: RowkeyTemplate, servers: number): PresplitProposal {
  const target = initialRegionCount({ regionServers: servers }).regions;
  if (candidate.strategy === 'salted-composite' && candidate.buckets !== undefined) {
    const perBucket = Math.max(1, Math.ceil(target / candidate.buckets));
    const raw = saltSplitPoints(template, { regionsPerBucket: perBucket });
    const points = raw.map((p) => toStringBinary(p));
    return {
      regions: points.length + 1,
      method: perBucket === 1
        ? `${candidate.buckets} salt buckets x 1 region each, cut on bucket boundaries`
        : `${candidate.buckets} salt buckets x ${perBucket} regions each: cut on bucket boundaries, and inside each bucket at even byte steps after the salt, which fit only keys spread over all byte values; for real ids cut each bucket at sampled keys instead (hbase-hotspot splits --template '${candidate.template}' --regions-per-bucket ${perBucket} --samples keys.txt)`,
      shell: `SPLITS => [${raw.map(rubyQuote).join(', ')}]`,
      splits: { kind: 'points', points, binaryForm: true, place: PLACE },
      regionsPerBucket: perBucket,
      targetRegions: target,
    };
  }
  if (candidate.strategy === 'hash-prefix') {
    return {
      regions: target,
      method: `HexStringSplit over the md5 prefix into ${target} regions`,
      shell: `{NUMREGIONS => ${target}, SPLITALGO => 'HexStringSplit'}`,
      splits: { kind: 'algorithm', numRegions: target, algorithm: 'HexStringSplit', place: PLACE },
      targetRegions: target,
    };
  }
  return {
    regions: undefined,
    method: `${target} regions at quantiles of sampled rowkeys (the entity ids decide where keys fall)`,
    shell: `SPLITS_FILE => 'splits.txt'  (from sampled keys: hbase-hotspot splits --samples keys.txt --regions ${target})`,
    splits: { kind: 'file', file: 'splits.txt', place: PLACE },
    targetRegions: target,
  };
}
