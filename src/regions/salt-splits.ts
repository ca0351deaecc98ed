/**
 * Split points derived from a key design: one boundary per salt bucket, or several regions per bucket cut evenly
 * over the alphabet of the key part that follows the salt.
 */
import { concatBytes } from '../bytes/index.js';
import type { KeyPart, RowkeyTemplate } from '../keys/types.js';
import { HotspotError } from '../util/errors.js';
import { computeSplits } from './split-algorithms.js';

/** Options of {@link saltSplitPoints}. */
export interface SaltSplitOptions {
  /** Regions per salt bucket (default 1: one region per bucket). */
  readonly regionsPerBucket?: number;
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
      const top = part.alphabet === 'hex' ? 'f' : '9';
      return computeSplits(part.alphabet, { regions, first: '0'.repeat(width), last: top.repeat(width) });
    }
    case 'text':
      return computeSplits('uniform', { regions, first: TEXT_FIRST, last: TEXT_LAST });
    case 'binary':
      return computeSplits('uniform', { regions, first: '\\x00', last: '\\xFF' });
  }
}

/**
 * Pre-split points for a salted or bucketed key: the key starts with optional literal text, then a salt-like part
 * (`salt`, `bucket`, `phoenixSalt`, `hbasewdPrefix`, `opentsdbSalt`). With one region per bucket, the split points are
 * each bucket's bytes for buckets 1..N-1 followed by the literal separator after the salt, if any (`01_`, `02_`, ...;
 * bucket 0 starts at the table's empty start key). With k regions per bucket, each bucket's range is also cut into k
 * even pieces over the alphabet of the next key part (see {@link cutsWithin}), giving N * k regions.
 *
 * @param template - a compiled template (see `compileTemplate`).
 * @returns split points in ascending order: N * k - 1 of them.
 * @throws HotspotError `SPLIT_TEMPLATE_NO_SALT` (naming the template position) when the key does not start with a
 *   salt after optional literals; `SPLIT_REGIONS_INVALID` when `regionsPerBucket` is not a whole number >= 1, or > 1
 *   with no key part after the salt; `SPLIT_TOO_MANY_REGIONS` when the next part has fewer values than k.
 * @example saltSplitPoints(compileTemplate('{salt(id,4)}_{id}')) // "01_", "02_", "03_"
 */
export function saltSplitPoints(template: RowkeyTemplate, options: SaltSplitOptions = {}): Uint8Array[] {
  const perBucket = options.regionsPerBucket ?? 1;
  if (!Number.isInteger(perBucket) || perBucket < 1) {
    throw new HotspotError('SPLIT_REGIONS_INVALID', `--regions-per-bucket ${perBucket}: give a whole number of regions per salt bucket, at least 1`);
  }
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
  const inner = perBucket > 1 && next ? cutsWithin(next, perBucket) : [];
  const out: Uint8Array[] = [];
  for (let b = 0; b < salt.buckets; b++) {
    const bucketStart = concatBytes(prefix, salt.bucketBytes(b), separator);
    if (b > 0) out.push(bucketStart);
    for (const cut of inner) out.push(concatBytes(bucketStart, cut));
  }
  return out;
}

