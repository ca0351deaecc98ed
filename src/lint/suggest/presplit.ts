/**
 * The pre-split proposed with each candidate key: salt-aligned split points for salted keys, `HexStringSplit` for
 * hash prefixes, and split points from key samples for keys that start with the entity itself. No proposal has more
 * than `MAX_PRESPLIT_REGIONS` (100,000) regions, the cap `splits` and `lifecycle` enforce.
 *
 * @module
 */
import { toStringBinary } from '../../bytes/index.js';
import type { KeyPart, RowkeyTemplate } from '../../keys/types.js';
import { checkSaltRegionTotal, initialRegionCount, saltSplitPoints } from '../../regions/index.js';
import { NUMBER_PART_KINDS } from '../../regions/salt-splits.js';
import { MAX_PRESPLIT_REGIONS } from '../../regions/split-algorithms.js';
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
  /** Regions the sizing asked for (servers x 20), before the cap; sampled splits aim at it, up to the cap. */
  readonly targetRegions: number;
  /** Why the pre-split has fewer regions than the sizing asked for (the region cap), one sentence; absent otherwise. */
  readonly note?: string;
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
 * The note for a pre-split cut down to the region cap: `asked` says how `askedRegions` came about, `instead` what the
 * proposal does.
 */
function capNote(asked: string, askedRegions: number, instead: string): string {
  return `${asked} is ${askedRegions} regions, more than the ${MAX_PRESPLIT_REGIONS} a pre-split may have (each region is a ` +
    `row in hbase:meta and an assignment the master makes): ${instead}, and let regions split as they grow`;
}


/** The first part after the leading literals, the salt and the literals after it; `undefined` when there is none. */
function partAfterSalt(template: RowkeyTemplate): KeyPart | undefined {
  const parts = template.parts;
  let at = 0;
  while (parts[at]?.kind === 'literal') at++;
  at++;
  while (parts[at]?.kind === 'literal') at++;
  return parts[at];
}

/**
 * The note for a salted key whose part after the salt is a number of unknown range: each bucket is left as one
 * region instead of `sized` regions cut evenly over the number's width.
 */
function numberNote(candidate: Candidate, next: KeyPart, sized: number): string {
  const unit = next.alphabet === 'decimal' ? 'digit' : next.alphabet === 'hex' ? 'hex digit' : 'byte';
  const width = next.fixedWidth === undefined ? 'its width' : `its ${next.fixedWidth} ${unit}${next.fixedWidth === 1 ? '' : 's'}`;
  return `"${next.source}", the part after the salt, is a number whose range is not known: even cuts over ${width} would leave ` +
    `all but one of each bucket's ${sized} regions empty (sequence ids fill only the low ${unit}s), so each bucket is one region; ` +
    `to cut each into ${sized} where the ids lie, use sampled keys: hbase-hotspot splits --template '${candidate.template}' ` +
    `--regions-per-bucket ${sized} --samples keys.txt`;
}

/**
 * Proposes the pre-split for `candidate` (compiled as `template`) on `servers` RegionServers, sized by
 * `initialRegionCount` (servers x 20 regions) but never past `MAX_PRESPLIT_REGIONS` (100,000), the cap of `splits
 * --regions` and `lifecycle`: a table created with more regions than that would be a burden on HBase itself (every
 * region is a row in `hbase:meta` and an assignment) before it held any data. Over the cap a hash prefix is cut into
 * exactly the cap, a sampled split aims at the cap, and a salted key keeps every salt bucket with fewer regions each,
 * floor(cap / buckets), so each bucket still gets the same number of regions; `note` then says so.
 *
 * A salted key whose part after the salt is a number (`pad`, `int`, `uint`, `long`, `reverseLong`, `phoenixInt`: a
 * sequence id such as `{pad(id,19)}`) is cut on bucket boundaries only, one region per bucket: the command is not
 * told the range the numbers take, and even cuts over the part's whole width (`0769230769230769230`, ...) would sit
 * far above sequence ids, which fill only the low digits, so every key of a bucket would land in its first region.
 * `note` says so and names the `splits --samples` command that cuts each bucket where sampled ids lie.
 * @throws HotspotError as `saltSplitPoints` for a salted candidate whose template does not start with its salt.
 */
export function proposePresplit(candidate: Candidate, template: RowkeyTemplate, servers: number): PresplitProposal {
  const target = initialRegionCount({ regionServers: servers }).regions;
  const capped = Math.min(target, MAX_PRESPLIT_REGIONS);
  if (candidate.strategy === 'salted-composite' && candidate.buckets !== undefined) {
    const wanted = Math.max(1, Math.ceil(target / candidate.buckets));
    const sized = candidate.buckets * wanted > MAX_PRESPLIT_REGIONS ? Math.max(1, Math.floor(MAX_PRESPLIT_REGIONS / candidate.buckets)) : wanted;
    const next = partAfterSalt(template);
    const number = sized > 1 && next !== undefined && NUMBER_PART_KINDS.has(next.kind) ? next : undefined;
    const perBucket = number === undefined ? sized : 1;
    checkSaltRegionTotal(template, perBucket);
    const raw = saltSplitPoints(template, { regionsPerBucket: perBucket });
    const points = raw.map((p) => toStringBinary(p));
    const note = number !== undefined
      ? numberNote(candidate, number, sized)
      : perBucket === wanted
      ? undefined
      : capNote(`${candidate.buckets} salt buckets x ${wanted} regions each (${servers} RegionServers x 20 regions, rounded up to whole buckets)`, candidate.buckets * wanted,
        `pre-split into ${perBucket} regions per bucket instead, ${raw.length + 1} in all`);
    return {
      regions: points.length + 1,
      method: perBucket === 1
        ? `${candidate.buckets} salt buckets x 1 region each, cut on bucket boundaries`
        : `${candidate.buckets} salt buckets x ${perBucket} regions each: cut on bucket boundaries, and inside each bucket at even byte steps after the salt, which fit only keys spread over all byte values; for real ids cut each bucket at sampled keys instead (hbase-hotspot splits --template '${candidate.template}' --regions-per-bucket ${perBucket} --samples keys.txt)`,
      shell: `SPLITS => [${raw.map(rubyQuote).join(', ')}]`,
      splits: { kind: 'points', points, binaryForm: true, place: PLACE },
      regionsPerBucket: perBucket,
      targetRegions: target,
      ...(note === undefined ? {} : { note }),
    };
  }
  const note = capped < target ? capNote(`${servers} RegionServers x 20 regions each`, target, `pre-split into ${capped} regions instead`) : undefined;
  if (candidate.strategy === 'hash-prefix') {
    return {
      regions: capped,
      method: `HexStringSplit over the md5 prefix into ${capped} regions`,
      shell: `{NUMREGIONS => ${capped}, SPLITALGO => 'HexStringSplit'}`,
      splits: { kind: 'algorithm', numRegions: capped, algorithm: 'HexStringSplit', place: PLACE },
      targetRegions: target,
      ...(note === undefined ? {} : { note }),
    };
  }
  return {
    regions: undefined,
    method: `${capped} regions at quantiles of sampled rowkeys (the entity ids decide where keys fall)`,
    shell: `SPLITS_FILE => 'splits.txt'  (from sampled keys: hbase-hotspot splits --samples keys.txt --regions ${capped})`,
    splits: { kind: 'file', file: 'splits.txt', place: PLACE },
    targetRegions: target,
    ...(note === undefined ? {} : { note }),
  };
}
