/**
 * Split points derived from a key design: one boundary per salt bucket, or several regions per bucket cut evenly
 * over the alphabet of the key part that follows the salt, or at the quantiles of sampled keys inside each bucket.
 */
import { compareBytes, concatBytes, startsWithBytes, toStringBinary } from '../bytes/index.js';
import type { KeyPart, RowkeyTemplate } from '../keys/types.js';
import { HotspotError } from '../util/errors.js';
import { quantileSplitPoints } from './quantile-splits.js';
import { MAX_PRESPLIT_REGIONS, computeSplits } from './split-algorithms.js';
import type { WeightedKey } from './weighted-keys.js';
import { pushAll } from '../util/arrays.js';

/** Options of {@link saltSplitPoints}. */
export interface SaltSplitOptions {
  /** Regions per salt bucket (default 1: one region per bucket). */
  readonly regionsPerBucket?: number;
  /**
   * Whether the caller can cut buckets at sampled keys instead (`splits --samples`; default true). A refusal then says to
   * add `--samples`; without (as `lifecycle partitions`, whose new tables are cut evenly only) it says to use more salt
   * buckets with 1 region each.
   */
  readonly samplesOption?: boolean;
}

/** What a refusal or caveat of even cuts offers instead, with or without a `--samples` option to point to. */
function evenCutRemedy(samplesOption: boolean): string {
  return samplesOption
    ? 'add --samples keys.txt (sampled rowkeys) to cut each bucket where its keys lie, or use more salt buckets with 1 region each'
    : 'use more salt buckets with 1 region each (--regions-per-bucket 1): this command cuts buckets evenly, with no sampled keys to cut at';
}

/** A salt part with the bucket fields every salt kind fills in. */
type SaltPart = KeyPart & { readonly buckets: number; bucketBytes(bucket: number): Uint8Array };

const isSalt = (part: KeyPart): part is SaltPart => part.buckets !== undefined && part.bucketBytes !== undefined;

/** Characters a `text` part is cut over: printable ASCII, space to tilde, as `toStringBinary` shows it. */
const TEXT_FIRST = ' ';
const TEXT_LAST = '~';

function digitsFor(regions: number, radix: number): number {
  let width = 1;
  while (radix ** width < regions * 16) width++;
  return Math.max(width, 2);
}

/**
 * Cut points inside one bucket over `part`'s alphabet: hex and decimal parts are cut like `HexStringSplit` /
 * `DecimalStringSplit` over all values of the part's width (when the width varies, enough digits to give each region
 * 16 values, at least 2); text over printable ASCII (`UniformSplit` from space to `~`); binary over all bytes
 * (`UniformSplit` from `\x00` to `\xFF`).
 */
function cutsWithin(part: KeyPart, regions: number): Uint8Array[] {
  switch (part.alphabet) {
    case 'hex':
    case 'decimal': {
      const radix = part.alphabet === 'hex' ? 16 : 10;
      const width = part.fixedWidth ?? digitsFor(regions, radix);
      const values = BigInt(radix) ** BigInt(width);
      if (values < BigInt(regions)) {
        throw new HotspotError(
          'SPLIT_TOO_MANY_REGIONS',
          `--regions-per-bucket ${regions} is more than the ${values} values of "${part.source}" at template position ${part.position} ` +
            `(${width} ${part.alphabet} digit${width === 1 ? '' : 's'}), the part each bucket is cut on; give at most ${values} regions per bucket`,
        );
      }
      const top = part.alphabet === 'hex' ? 'f' : '9';
      return computeSplits(part.alphabet, { regions, first: '0'.repeat(width), last: top.repeat(width) });
    }
    case 'text':
      return computeSplits('uniform', { regions, first: TEXT_FIRST, last: TEXT_LAST });
    case 'binary':
      return computeSplits('uniform', { regions, first: '\\x00', last: '\\xFF' });
  }
}

/** Where each bucket starts (prefix literals, bucket bytes, separator literals) and the key part after them. */
interface SaltLayout {
  readonly salt: SaltPart;
  readonly bucketStarts: readonly Uint8Array[];
  readonly next: KeyPart | undefined;
}

/** @throws as {@link saltSplitPoints}. */
function saltLayout(template: RowkeyTemplate, perBucket: number): SaltLayout {
  const parts = template.parts;
  let at = 0;
  while (parts[at]?.kind === 'literal') at++;
  const salt = parts[at];
  if (salt === undefined || !isSalt(salt)) {
    const where = salt === undefined ? 'it has no part after the literal text' : `part "${salt.source}" at template position ${salt.position} is not a salt`;
    throw new HotspotError(
      'SPLIT_TEMPLATE_NO_SALT',
      `template "${template.source}" does not start with a salt or bucket prefix (${where}); put e.g. {salt(id,16)} first, or use --algorithm or --samples`,
    );
  }
  const prefix = concatBytes(...parts.slice(0, at).map((p) => p.encode({})));
  let after = at + 1;
  const separators: Uint8Array[] = [];
  for (let part = parts[after]; part?.kind === 'literal'; part = parts[++after]) separators.push(part.encode({}));
  const separator = concatBytes(...separators);
  const next = parts[after];
  if (perBucket > 1 && next === undefined) {
    throw new HotspotError(
      'SPLIT_REGIONS_INVALID',
      `--regions-per-bucket ${perBucket}: template "${template.source}" has no key part after the salt to cut each bucket on; use 1`,
    );
  }
  const bucketStarts = Array.from({ length: salt.buckets }, (_, b) => concatBytes(prefix, salt.bucketBytes(b), separator));
  return { salt, bucketStarts, next };
}

/** Parts that write a time: their values fill only the slice of their width that today's dates give. */
const TIME_KINDS: ReadonlySet<KeyPart['kind']> = new Set(['reverseTs', 'date']);

/**
 * Refuses a pre-split of more than `MAX_PRESPLIT_REGIONS` regions from a salted key: N buckets x k regions each, the
 * cap `--regions` has. The `splits` and `lifecycle` commands call it before {@link saltSplitPoints} (which does not
 * cap, so that a library caller may size as it sees fit).
 * @param perBucket - k, the regions per bucket: a whole number >= 1.
 * @throws HotspotError `SPLIT_REGIONS_INVALID` naming `--regions-per-bucket` (or the template when k is 1), the
 *   bucket count and the total; as {@link saltSplitPoints} for a key that does not start with a salt.
 */
export function checkSaltRegionTotal(template: RowkeyTemplate, perBucket: number): void {
  const { salt } = saltLayout(template, 1);
  if (salt.buckets * perBucket > MAX_PRESPLIT_REGIONS) {
    throw new HotspotError(
      'SPLIT_REGIONS_INVALID',
      `${perBucket > 1 ? `--regions-per-bucket ${perBucket}` : `template "${template.source}"`}: ${salt.buckets} buckets of "${salt.source}" x ${perBucket} region${perBucket === 1 ? '' : 's'} each is ` +
        `${salt.buckets * perBucket} regions, more than the ${MAX_PRESPLIT_REGIONS} a pre-split may have (each region costs the cluster ` +
        'memory and the master work); use fewer buckets or regions per bucket and let regions split as they grow',
    );
  }
}

/**
 * Parts that write a number (`pad`, `int`, `uint`, `long`, `reverseLong`, `phoenixInt`): the template does not say the
 * range its values take, and ids (sequences, counters) fill only the low digits or bytes of the width, so even cuts
 * over the whole width (`5000000000000000000` for `{pad(id,19)}`, `\x80` for `{long(id)}`) leave all but one of the
 * cut regions empty.
 */
export const NUMBER_PART_KINDS: ReadonlySet<KeyPart['kind']> = new Set(['pad', 'int', 'uint', 'long', 'reverseLong', 'phoenixInt']);

/** Parts whose values are spread evenly over every value of their width: hex digests. Even cuts over them are even. */
const EVEN_KINDS: ReadonlySet<KeyPart['kind']> = new Set(['md5', 'sha256']);

const UNITS: Record<KeyPart['alphabet'], string> = { decimal: 'digit', hex: 'hex digit', text: 'character', binary: 'byte' };

/** `its 19 digits`, `its 8 bytes`, or `its width` when the width varies. */
function widthText(part: KeyPart): string {
  const unit = UNITS[part.alphabet];
  return part.fixedWidth === undefined ? 'its width' : `its ${part.fixedWidth} ${unit}${part.fixedWidth === 1 ? '' : 's'}`;
}

/**
 * Refuses to cut a bucket evenly over a number part (see {@link NUMBER_PART_KINDS}), whose range the template does not
 * give: the cuts would be made up, not computed.
 * @throws HotspotError `SPLIT_REGIONS_INVALID` naming `--regions-per-bucket`, the part and its template position, and
 *   saying what to give instead (`--samples`).
 */
function refuseNumberCut(next: KeyPart, perBucket: number, samplesOption: boolean): void {
  if (!NUMBER_PART_KINDS.has(next.kind)) return;
  throw new HotspotError(
    'SPLIT_REGIONS_INVALID',
    `--regions-per-bucket ${perBucket}: the part after the salt, "${next.source}" at template position ${next.position}, is a number ` +
      `whose range the template does not give: even cuts would treat its values as spread over all of ${widthText(next)}, ` +
      `but ids fill a narrow slice of it (sequence ids only the low ${UNITS[next.alphabet]}s), so a bucket's keys would all ` +
      `land in one of its ${perBucket} regions: ${evenCutRemedy(samplesOption)}`,
  );
}

/**
 * The caveat of cutting each salt bucket evenly into `perBucket` regions over the part after the salt, for a part that
 * is neither a digest (whose values are even: no caveat) nor a number or time (refused by {@link saltSplitPoints}): a
 * text, binary or other field, whose values the template does not know. Even cuts assume the values spread over the
 * whole alphabet (printable ASCII, every byte, every digit of the width); ids that share a leading character
 * (`user-1`, `user-2`, ...) all land in one region of each bucket. The `splits` command prints it on stderr.
 * @param perBucket - k, the regions per bucket; no caveat for 1 (no cut inside a bucket).
 * @param samplesOption - whether the caller has a `--samples` option to point to (as {@link SaltSplitOptions}).
 * @returns one line naming the part, its template position and the alphabet assumed, and the `--samples` way to cut
 *   where keys lie (more salt buckets instead, without `samplesOption`); `undefined` when there is no caveat.
 * @throws as {@link saltSplitPoints} for a key that does not start with a salt or has nothing after it to cut.
 */
export function evenCutCaveat(template: RowkeyTemplate, perBucket: number, samplesOption = true): string | undefined {
  const { next } = saltLayout(template, perBucket);
  if (perBucket < 2 || next === undefined || EVEN_KINDS.has(next.kind) || NUMBER_PART_KINDS.has(next.kind) || TIME_KINDS.has(next.kind)) return undefined;
  const spread = next.alphabet === 'text'
    ? 'every printable ASCII character (space to ~) in its first place'
    : next.alphabet === 'binary' ? 'every byte value (\\x00 to \\xFF) in its first place' : `every value of ${widthText(next)}`;
  return `each salt bucket is cut evenly into ${perBucket} regions over "${next.source}" at template position ${next.position}, ` +
    `as if its values were spread over ${spread}; values that share their first ${UNITS[next.alphabet]}s` +
    `${next.alphabet === 'text' ? ' (user-1, user-2, ...)' : ''} all land in one region of each bucket: ` +
    (samplesOption ? 'add --samples keys.txt (sampled rowkeys) to cut each bucket where its keys lie' : evenCutRemedy(false));
}

/**
 * Refuses to cut a bucket evenly over a time part. Even cuts treat the part as spread over every value of its width,
 * but a time is not: `reverseTs` writes `Long.MAX_VALUE - t`, at least `9223118634553975807` for any date before the
 * year 10000 (above every cut at `3333...`, `6666...`), and a `yyyy...` date of this millennium stays below a cut at
 * `3333...`, so all keys of a bucket fall in one of its k regions. Nor would cuts that do fall among the times spread
 * the writes: rows written at the same moment share their time, so they all go to one region of each bucket.
 * @throws HotspotError `SPLIT_REGIONS_INVALID` naming the part and its template position.
 */
function refuseTimeCut(next: KeyPart, perBucket: number, samplesOption: boolean): void {
  if (!TIME_KINDS.has(next.kind)) return;
  throw new HotspotError(
    'SPLIT_REGIONS_INVALID',
    `--regions-per-bucket ${perBucket}: the part after the salt, "${next.source}" at template position ${next.position}, is a time; ` +
      'even cuts over every value of its width miss the narrow slice times fill (a bucket\'s keys would all land in one ' +
      'of its regions), and rows written at the same moment go to one region of each bucket whatever the cuts: ' +
      (samplesOption ? 'use more salt buckets with 1 region each, or add --samples of existing keys to cut loaded history where it lies' : evenCutRemedy(false)),
  );
}

/**
 * Pre-split points for a salted or bucketed key: the key starts with optional literal text, then a salt-like part
 * (`salt`, `bucket`, `phoenixSalt`, `hbasewdPrefix`, `opentsdbSalt`). With one region per bucket, the split points are
 * each bucket's bytes for buckets 1..N-1 followed by the literal separator after the salt, if any (`01_`, `02_`, ...;
 * bucket 0 starts at the table's empty start key). With k regions per bucket, each bucket's range is also cut into k
 * even pieces over the alphabet of the next key part (see {@link cutsWithin}), giving N * k regions. Those cuts are
 * even only for a digest (`md5`, `sha256`); {@link evenCutCaveat} gives the caveat for other parts, and a number or a
 * time is refused (cut those at sampled keys: {@link saltSampleSplitPoints}).
 *
 * @param template - a compiled template (see `compileTemplate`).
 * @returns split points in ascending order: N * k - 1 of them.
 * @throws HotspotError `SPLIT_TEMPLATE_NO_SALT` (naming the template position) when the key does not start with a
 *   salt after optional literals; `SPLIT_REGIONS_INVALID` when `regionsPerBucket` is not a whole number >= 1, or > 1
 *   with no key part after the salt, or > 1 when that part is a time (`reverseTs`, `date`) or a number (`pad`, `int`,
 *   `uint`, `long`, `reverseLong`, `phoenixInt`) of a range the template does not give (even cuts over its width leave
 *   every key of a bucket in one region); `SPLIT_TOO_MANY_REGIONS` when the next part has fewer values than k
 *   (naming `--regions-per-bucket`). N * k is not capped here: see {@link checkSaltRegionTotal}.
 * @example saltSplitPoints(compileTemplate('{salt(id,4)}_{id}')) // "01_", "02_", "03_"
 */
export function saltSplitPoints(template: RowkeyTemplate, options: SaltSplitOptions = {}): Uint8Array[] {
  const perBucket = options.regionsPerBucket ?? 1;
  if (!Number.isInteger(perBucket) || perBucket < 1) {
    throw new HotspotError('SPLIT_REGIONS_INVALID', `--regions-per-bucket ${perBucket}: give a whole number of regions per salt bucket, at least 1`);
  }
  const { bucketStarts, next } = saltLayout(template, perBucket);
  if (perBucket > 1 && next !== undefined) {
    refuseTimeCut(next, perBucket, options.samplesOption ?? true);
    refuseNumberCut(next, perBucket, options.samplesOption ?? true);
  }
  const inner = perBucket > 1 && next ? cutsWithin(next, perBucket) : [];
  const out: Uint8Array[] = [];
  bucketStarts.forEach((bucketStart, b) => {
    if (b > 0) out.push(bucketStart);
    for (const cut of inner) out.push(concatBytes(bucketStart, cut));
  });
  return out;
}


/** Result of {@link saltSampleSplitPoints}. */
export interface SaltSampleSplits {
  /** Split points, ascending: each bucket's start (but the first), then its cuts. */
  readonly splits: Uint8Array[];
  /** Per bucket: the shares (0..1) of that bucket's sample weight in each of its regions; `null` when cut evenly. */
  readonly bucketShares: readonly (readonly number[] | null)[];
  /**
   * One line per bucket cut evenly over the alphabet (too few samples) or into fewer regions than asked; first, when
   * some sampled keys start with no bucket, how many were left out; then, when some keys in the buckets do not fit
   * the template's parts, how many were left out, the first of them and why.
   */
  readonly notes: string[];
}

/** A sampled key with its place in the caller's list, so the first bad key named is the first given. */
interface PlacedKey extends WeightedKey {
  readonly index: number;
}

/** The first of the bad keys (in the caller's order) and what is wrong with it. */
interface FirstBad {
  readonly index: number;
  readonly key: Uint8Array;
  readonly why: string;
}

const earlier = (a: FirstBad | undefined, b: FirstBad): FirstBad => (a === undefined || b.index < a.index ? b : a);

/**
 * Refuses samples of which no key is usable: each starts with no bucket or does not fit the template's parts, so the
 * buckets would be cut with nothing sampled (evenly, refused without samples for a number or time).
 * @throws HotspotError `SPLITS_SAMPLES_UNFIT` naming `--samples`, the template, the counts, and the first bad key.
 */
function refuseUnfitSamples(template: RowkeyTemplate, total: number, outside: number, first: FirstBad): never {
  const counts = [
    ...(outside > 0 ? [`${outside} start${outside === 1 ? 's' : ''} with no bucket`] : []),
    ...(total - outside > 0 ? [`${total - outside} do${total - outside === 1 ? 'es' : ''} not fit its parts`] : []),
  ].join(', ');
  throw new HotspotError(
    'SPLITS_SAMPLES_UNFIT',
    `none of the ${total} sampled key${total === 1 ? '' : 's'} fits template "${template.source}" (${counts}); the first, ` +
      `"${toStringBinary(first.key)}": ${first.why}. Were they written with this template? Sample the keys the table ` +
      'holds (its row keys in toStringBinary, one per line), written by this template; no bucket is cut at made-up keys',
    { field: '--samples' },
  );
}

/**
 * Pre-split points for a salted key with k regions per bucket cut where sampled keys say the data is: within each
 * bucket, at the quantiles of the (weighted) sample keys that fall in it (see `quantileSplitPoints`), so an id space
 * that uses a narrow slice of its alphabet (`sensor-00001` ... `sensor-04000`) still gives k even regions. A bucket
 * with fewer than k distinct sample keys is cut evenly over the next part's alphabet instead, as
 * {@link saltSplitPoints} does, and named in `notes`.
 *
 * @param samples - sampled full rowkeys with weights (see `parseSampleKeys`). Keys that start with no bucket's bytes
 *   and separator are left out, and a note says how many. So are keys in a bucket that do not fit the template's
 *   parts ({@link RowkeyTemplate.misfit}: text `05_12345` where `{salt(n,16)}_{long(n)}` writes 8 bytes after `05_`),
 *   with a note naming the first (in `samples` order) and why; their salt is not checked against their fields, so
 *   keys salted by another writer still count. A template without `misfit`, or whose parts cannot be split, has its
 *   keys in the buckets all used.
 * @throws HotspotError as {@link saltSplitPoints}; `SPLIT_REGIONS_INVALID` also for k < 2 (one region per bucket
 *   needs no samples); `SPLITS_SAMPLES_UNFIT` (naming `--samples`, the template and the first bad key with why) when
 *   samples are given but none is usable, each starting with no bucket or not fitting.
 */
export function saltSampleSplitPoints(template: RowkeyTemplate, regionsPerBucket: number, samples: readonly WeightedKey[]): SaltSampleSplits {
  if (!Number.isInteger(regionsPerBucket) || regionsPerBucket < 2) {
    throw new HotspotError('SPLIT_REGIONS_INVALID', `--regions-per-bucket ${regionsPerBucket}: cutting buckets at sampled keys needs a whole number of regions per bucket of at least 2`);
  }
  const { bucketStarts, next } = saltLayout(template, regionsPerBucket);
  const sorted: PlacedKey[] = samples.map((s, index) => ({ ...s, index })).sort((a, b) => compareBytes(a.key, b.key));
  const firstBucket = toStringBinary(bucketStarts[0] as Uint8Array);
  const lastBucket = toStringBinary(bucketStarts.at(-1) as Uint8Array);
  const outsideWhy = `it starts with no bucket of the template ("${firstBucket}" to "${lastBucket}")`;
  // each bucket's keys that fit the template, kept in key order; the rest counted, the first given kept to name
  let firstOutside: FirstBad | undefined;
  let firstUnfit: FirstBad | undefined;
  let inBuckets = 0;
  let unfit = 0;
  let i = 0;
  const skipOutside = (isOutside: (key: Uint8Array) => boolean) => {
    for (; i < sorted.length && isOutside((sorted[i] as PlacedKey).key); i++) {
      const s = sorted[i] as PlacedKey;
      if (firstOutside === undefined || s.index < firstOutside.index) firstOutside = { ...s, why: outsideWhy };
    }
  };
  const fitting = bucketStarts.map((start) => {
    // a bucket's keys start with its bytes and separator; a key between two buckets, or past the last one (another
    // salt width or bucket count, another template), is in none
    skipOutside((key) => compareBytes(key, start) < 0);
    const kept: PlacedKey[] = [];
    for (; i < sorted.length && startsWithBytes((sorted[i] as PlacedKey).key, start); i++) {
      const s = sorted[i] as PlacedKey;
      inBuckets++;
      const why = template.misfit?.(s.key);
      if (why === undefined) kept.push(s);
      else {
        unfit++;
        firstUnfit = earlier(firstUnfit, { ...s, why });
      }
    }
    return kept;
  });
  skipOutside(() => true);
  const outside = sorted.length - inBuckets;
  const firstBad = firstOutside === undefined ? firstUnfit : earlier(firstUnfit, firstOutside);
  if (inBuckets === unfit && firstBad !== undefined) refuseUnfitSamples(template, sorted.length, outside, firstBad);

  const splits: Uint8Array[] = [];
  const bucketShares: (readonly number[] | null)[] = [];
  const notes: string[] = [];
  if (outside > 0) {
    notes.push(`${outside} of ${sorted.length} sampled keys start with no bucket of "${template.source}" ("${firstBucket}" to "${lastBucket}") and were left out: were they written with this template?`);
  }
  if (firstUnfit !== undefined) {
    notes.push(
      `${unfit} of ${inBuckets} sampled keys in the buckets do not fit "${template.source}" and were left out ` +
        `(the first, "${toStringBinary(firstUnfit.key)}": ${firstUnfit.why}): were they written with this template?`,
    );
  }
  bucketStarts.forEach((start, b) => {
    const inBucket = fitting[b] as PlacedKey[];
    if (b > 0) splits.push(start);
    const distinct = new Set(inBucket.map((s) => Buffer.from(s.key).toString('latin1'))).size;
    if (distinct < regionsPerBucket || !next) {
      for (const cut of next ? cutsWithin(next, regionsPerBucket) : []) splits.push(concatBytes(start, cut));
      bucketShares.push(null);
      notes.push(`bucket ${b}: ${distinct} distinct sampled key${distinct === 1 ? '' : 's'} for ${regionsPerBucket} regions; cut evenly over the next key part instead`);
      return;
    }
    const q = quantileSplitPoints(inBucket, regionsPerBucket);
    pushAll(splits, q.splits);
    bucketShares.push(q.shares);
    notes.push(...q.notes.map((n) => `bucket ${b}: ${n}`));
  });
  return { splits, bucketShares, notes };
}
