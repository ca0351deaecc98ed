/**
 * Hash-bucket prefixes computed from Java's `String.hashCode`: `salt` (hex, `%02x`) and `bucket` (decimal, `%04d`).
 * Both compute the bucket as Java rowkey writers do, `Math.abs(s.hashCode() % N)`: the remainder takes the sign of
 * the hash, so the absolute value is always below N (even for a hash of `Integer.MIN_VALUE`, where the other common
 * spelling `Math.abs(s.hashCode()) % N` would go negative).
 */
import type { KeyRecord } from '../types.js';
import { HotspotError } from '../../util/errors.js';
import { asciiBytes, decimalDigits, hashText, hexDigits, intArg, stringArg, textArg } from './args.js';
import type { CallSite, CompiledCall, FunctionDescriptor } from './descriptor.js';
import type { KeyBuffer } from './key-buffer.js';

/** Largest bucket count: a Java int. */
const MAX_BUCKETS = 0x7fff_ffff;

/**
 * Width in hex digits of `salt(x, N)`: 2 for N ≤ 256, exactly like Java's `String.format("%02x", b)`; above that, as
 * many digits as N-1 needs, so that every salt of the template has the same width. (Java's `%02x` is a MINIMUM width:
 * with N = 4096 it writes `ff` for 255 and `100` for 256, mixing 2- and 3-digit salts, which breaks pre-split points
 * and prefix scans. Keys written by such Java code agree with ours only for salts that already need the full width.)
 */
export function saltWidth(buckets: number): number {
  return buckets <= 256 ? 2 : hexDigits(buckets - 1);
}

/**
 * Width in decimal digits of `bucket(x, N)`: 4 for N ≤ 10000, exactly like Java's `%04d`; above that, as many digits
 * as N-1 needs (Java's `%04d` would vary in width there; see {@link saltWidth}).
 */
export function bucketWidth(buckets: number): number {
  return buckets <= 10_000 ? 4 : decimalDigits(buckets - 1);
}

/** `Math.abs(hash % n)` for a Java int hash and a positive int `n`. */
export function javaBucket(hash: number, n: number): number {
  return Math.abs(hash % n);
}

/**
 * Reads a salt format (`"%02d"`, `"%03x"`, `"%d"`, `"%x"`): the radix and the digit count. Java's `%0Wd` is a MINIMUM
 * width, so a width too narrow for N-1 would make Java write salts of mixed widths; such a format is refused.
 * @throws HotspotError `TEMPLATE_ARGUMENT` naming the position for any other format or a width below N-1's digits.
 */
export function parseSaltFormat(format: string, buckets: number, site: CallSite): { radix: 16 | 10; width: number } {
  const m = /^%(?:0([1-9][0-9]?))?([dx])$/.exec(format);
  const at = `${site.source} at template position ${site.position}`;
  if (!m) {
    throw new HotspotError('TEMPLATE_ARGUMENT', `${at}: salt format "${format}" is not one of "%0Wd", "%0Wx", "%d", "%x" (W a width of 1 to 99)`);
  }
  const radix = m[2] === 'x' ? 16 : 10;
  const width = m[1] === undefined ? 1 : Number(m[1]);
  const need = radix === 16 ? hexDigits(buckets - 1) : decimalDigits(buckets - 1);
  if (width < need) {
    throw new HotspotError(
      'TEMPLATE_ARGUMENT',
      `${at}: salt format "${format}" is narrower than bucket ${buckets - 1}, which needs ${need} digits; Java would write salts of mixed widths; use "%0${need}${m[2]}"`,
    );
  }
  return { radix, width };
}

function hashBucket(site: CallSite, defaultRadix: 16 | 10): CompiledCall {
  const x = textArg(site, 0);
  const n = intArg(site, 1);
  const given = site.args[2] === undefined ? undefined : parseSaltFormat(stringArg(site, 2), n, site);
  const radix = given?.radix ?? defaultRadix;
  const width = given?.width ?? (radix === 16 ? saltWidth(n) : bucketWidth(n));
  const field = x.field;
  // A salt over one field hashes the field's string in place (the common case, and the hot loop of bulk encoding).
  const hash =
    field === undefined
      ? (record: KeyRecord) => x.hash(record, 0)
      : (record: KeyRecord) => {
          const v = record[field];
          if (typeof v !== 'string') return x.hash(record, 0);
          let h = 0;
          for (let i = 0; i < v.length; i++) h = (Math.imul(h, 31) + v.charCodeAt(i)) | 0;
          return h;
        };
  const write =
    radix === 16
      ? (record: KeyRecord, out: KeyBuffer) => out.writeHex(Math.abs(hash(record) % n), width)
      : (record: KeyRecord, out: KeyBuffer) => out.writeDecimal(Math.abs(hash(record) % n), width);
  const format = (b: number) => b.toString(radix).padStart(width, '0');
  return {
    inputs: x.inputs,
    fixedWidth: width,
    alphabet: radix === 16 ? 'hex' : 'decimal',
    buckets: n,
    bucketBytes: (b) => asciiBytes(format(b)),
    order: 'none',
    write,
    text: (record) => format(Math.abs(hash(record) % n)),
    hash: (record, h) => hashText(format(Math.abs(hash(record) % n)), h),
  };
}

/**
 * `salt(x, N)`: `String.format("%02x", Math.abs(x.hashCode() % N))`, lower-case hex of fixed width
 * ({@link saltWidth}). The playbook's `SaltedRowKeyGenerator` prefix. `salt(x, N, "%02d")` (or `"%03x"`, `"%d"`,
 * `"%x"`) writes the same bucket with that `String.format` format, whose width must cover N-1
 * ({@link parseSaltFormat}).
 */
export const saltFunction: FunctionDescriptor = {
  name: 'salt',
  kind: 'salt',
  summary: 'salt Math.abs(hashCode(x) % N), %02x (wider when N > 256) or the given "%0Wd" / "%0Wx" format',
  args: [
    { name: 'x', kind: 'text' },
    { name: 'buckets', kind: 'int', min: 1, max: MAX_BUCKETS },
    { name: 'format', kind: 'string' },
  ],
  minArgs: 2,
  output: 'text',
  oneWay: true,
  compile: (site) => hashBucket(site, 16),
};

/**
 * `bucket(x, N)`: `String.format("%04d", Math.abs(x.hashCode() % N))`, decimal of fixed width ({@link bucketWidth}).
 * The playbook's `BucketedKeyStrategy` prefix.
 */
export const bucketFunction: FunctionDescriptor = {
  name: 'bucket',
  kind: 'bucket',
  summary: 'decimal bucket Math.abs(hashCode(x) % N), %04d (wider when N > 10000)',
  args: [
    { name: 'x', kind: 'text' },
    { name: 'buckets', kind: 'int', min: 1, max: MAX_BUCKETS },
  ],
  output: 'text',
  oneWay: true,
  compile: (site) => hashBucket(site, 10),
};

/** The salt family. */
export const saltFunctions: readonly FunctionDescriptor[] = [saltFunction, bucketFunction];
