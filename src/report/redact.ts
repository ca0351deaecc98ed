/**
 * Redaction of rowkeys and region names (`--redact` on `report`, `detect` and `simulate`): rowkeys often carry
 * personal data, and a report or JSON document is meant to be shared.
 *
 * A {@link KeyRedactor} is built from every key one output will show (region boundaries and key samples). It maps
 * each key to a token that
 * - has the same length in bytes;
 * - keeps each byte's class: a decimal digit stays a digit, a hex letter `a`–`f` (`A`–`F`) stays a hex letter, other
 *   letters stay letters of the same case, a non-printable byte stays non-printable (0x00–0x1f, 0x7f–0xff), and
 *   punctuation (`-`, `_`, `|`, `:`, `#`, space…) is kept as it is, so field separators still show a key's layout;
 *   a hex, decimal, text or binary key therefore reads as a key of the same class;
 * - keeps the ORDER of the keys (and which key is a prefix of which): byte `j` of a key is mapped by an
 *   order-preserving injection chosen for the key's first `j` bytes, from the bytes that follow that prefix among
 *   the shown keys into the byte's class (a keyed order-preserving trie mapping);
 * - is stable within the output (one redactor per output) and unrelated across outputs: the injections are drawn
 *   from HMAC-SHA256 under a random 32-byte key made per redactor and never written anywhere.
 *
 * What it cannot hide: where every byte of a class occurs after one prefix (ten different digits at one position),
 * an order-preserving injection is the identity; lengths, separators and the key order are kept on purpose.
 *
 * @module
 */
import { createHmac, randomBytes } from 'node:crypto';

/** Byte ranges (inclusive) whose bytes map among themselves; punctuation bytes are their own one-byte class. */
const CLASS_RANGES: readonly (readonly [number, number])[] = [
  [0x00, 0x1f], [0x30, 0x39], [0x41, 0x46], [0x47, 0x5a], [0x61, 0x66], [0x67, 0x7a], [0x7f, 0xff],
];

/** The class range of byte `b`: `[lo, hi]`, or `[b, b]` for punctuation and space (kept as is). */
export function byteClass(b: number): readonly [number, number] {
  for (const range of CLASS_RANGES) if (b >= range[0] && b <= range[1]) return range;
  return [b, b];
}

function latin1(bytes: Uint8Array, end = bytes.length): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, end).toString('latin1');
}

/** A deterministic stream of 32-bit numbers from HMAC-SHA256(secret, label ‖ counter). */
class KeyedStream {
  private block = Buffer.alloc(0);
  private pos = 0;
  private counter = 0;
  constructor(private readonly secret: Buffer, private readonly label: string) {}
  /** Uniform in [0, 1). */
  next(): number {
    if (this.pos + 4 > this.block.length) {
      this.block = createHmac('sha256', this.secret).update(`${this.label}\u0000${this.counter++}`, 'latin1').digest();
      this.pos = 0;
    }
    const v = this.block.readUInt32BE(this.pos);
    this.pos += 4;
    return v / 2 ** 32;
  }
}

/**
 * Order-preserving injection of `sorted` (distinct bytes of one class range) into `[lo, hi]`: a keyed random subset
 * of the range of the same size (Knuth's selection sampling), assigned in order.
 */
function injection(sorted: readonly number[], lo: number, hi: number, stream: KeyedStream): Map<number, number> {
  const chosen: number[] = [];
  let needed = sorted.length;
  for (let v = lo; v <= hi && needed > 0; v++) {
    if (stream.next() * (hi - v + 1) < needed) {
      chosen.push(v);
      needed--;
    }
  }
  return new Map(sorted.map((b, i) => [b, chosen[i] ?? b]));
}

/** Redacts rowkeys and region names for one output; see the module description for what is kept. */
export class KeyRedactor {
  private readonly secret: Buffer;
  /** Original prefix (latin1) → original next byte → redacted next byte. */
  private readonly maps = new Map<string, Map<number, number>>();
  private readonly cache = new Map<string, Uint8Array>();

  /**
   * @param keys - every rowkey the output will show (region start and end keys, sampled keys, split keys). A key
   *   not given here is refused by {@link redactKey}, so nothing unredacted slips through.
   * @param secret - HMAC key; random 32 bytes when absent (tests pass a fixed one).
   */
  constructor(keys: Iterable<Uint8Array>, secret: Uint8Array = randomBytes(32)) {
    this.secret = Buffer.from(secret);
    const children = new Map<string, Set<number>>();
    for (const key of keys) {
      for (let j = 0; j < key.length; j++) {
        const prefix = latin1(key, j);
        let set = children.get(prefix);
        if (!set) children.set(prefix, (set = new Set()));
        set.add(key[j] ?? 0);
      }
    }
    for (const [prefix, set] of children) {
      const map = new Map<number, number>();
      const byClass = new Map<number, number[]>();
      for (const b of set) {
        const [lo] = byteClass(b);
        const list = byClass.get(lo) ?? [];
        list.push(b);
        byClass.set(lo, list);
      }
      for (const [lo, list] of byClass) {
        const hi = byteClass(lo)[1];
        const stream = new KeyedStream(this.secret, `${prefix}\u0001${lo}`);
        for (const [from, to] of injection(list.sort((a, b) => a - b), lo, hi, stream)) map.set(from, to);
      }
      this.maps.set(prefix, map);
    }
  }

  /**
   * The redacted form of `key`: same length, same byte classes, same order against every other shown key.
   * @throws Error when `key` was not among the keys the redactor was built from (a bug in the caller).
   */
  redactKey(key: Uint8Array): Uint8Array {
    const whole = latin1(key);
    const cached = this.cache.get(whole);
    if (cached) return cached;
    const out = new Uint8Array(key.length);
    for (let j = 0; j < key.length; j++) {
      const to = this.maps.get(whole.slice(0, j))?.get(key[j] ?? 0);
      if (to === undefined) throw new Error(`redaction: a key outside the shown keys reached redactKey (byte ${j})`);
      out[j] = to;
    }
    this.cache.set(whole, out);
    return out;
  }

  /** A keyed 32-hex-digit stand-in for an encoded region name (HBase `RegionInfo.getEncodedName`). */
  redactEncodedName(encodedName: string): string {
    return createHmac('sha256', this.secret).update(`region\u0000${encodedName}`).digest('hex').slice(0, 32);
  }
}
