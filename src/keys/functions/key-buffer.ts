import { utf8Bytes } from '../../bytes/index.js';

/** ASCII of the lower-case hex digits. */
const HEX_DIGITS = Uint8Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
/** ASCII of "00" to "99", two bytes per number. */
const DIGIT_PAIRS = Uint8Array.from({ length: 200 }, (_, i) => 48 + (i & 1 ? (i >> 1) % 10 : Math.floor((i >> 1) / 10)));

/**
 * A growable byte buffer that a compiled template writes a rowkey into, part by part, before copying the finished key
 * out with {@link KeyBuffer.take}. One buffer lives inside each compiled template and is reused for every key, so
 * encoding allocates only the returned key (plus the text of any hashed or reversed expression).
 */
export class KeyBuffer {
  /** The backing bytes; only `[0, length)` is meaningful. Replaced (never shrunk) when it grows. */
  bytes: Uint8Array;
  /** Bytes written so far. */
  length = 0;

  /** @param capacityBytes - initial capacity; the buffer doubles as needed. */
  constructor(capacityBytes = 256) {
    this.bytes = new Uint8Array(capacityBytes);
  }

  /** Makes room for `n` more bytes. */
  reserve(n: number): void {
    const need = this.length + n;
    if (need <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < need) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  /** Appends raw bytes. */
  writeBytes(src: Uint8Array): void {
    this.reserve(src.length);
    this.bytes.set(src, this.length);
    this.length += src.length;
  }

  /**
   * Appends the UTF-8 bytes of `text` exactly as Java's `String.getBytes(UTF_8)` writes them (a lone surrogate
   * becomes `?`). ASCII is copied byte by byte without allocating.
   */
  writeUtf8(text: string): void {
    const n = text.length;
    this.reserve(n);
    const bytes = this.bytes;
    let at = this.length;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) {
        this.length = at;
        this.writeBytes(utf8Bytes(text.slice(i)));
        return;
      }
      bytes[at++] = c;
    }
    this.length = at;
  }

  /**
   * Appends a non-negative integer (a safe integer) as decimal ASCII left-padded with `0` to `width` digits.
   * The caller has checked that it fits. Values below 2^31 use 32-bit integer arithmetic, two digits at a time.
   */
  writeDecimal(value: number, width: number): void {
    this.reserve(width);
    const bytes = this.bytes;
    const start = this.length;
    let i = start + width;
    let v = value;
    while (v > 0x7fff_ffff && i > start) {
      const digit = v % 10;
      bytes[--i] = 48 + digit;
      v = (v - digit) / 10;
    }
    let small = v | 0;
    while (i - start >= 2) {
      const q = (small / 100) | 0;
      const pair = (small - q * 100) << 1;
      bytes[--i] = DIGIT_PAIRS[pair + 1] as number;
      bytes[--i] = DIGIT_PAIRS[pair] as number;
      small = q;
    }
    if (i > start) bytes[--i] = 48 + (small % 10);
    this.length = start + width;
  }

  /** Appends a non-negative integer below 2^31 as lower-case hex, left-padded with `0` to `width` digits. */
  writeHex(value: number, width: number): void {
    this.reserve(width);
    const bytes = this.bytes;
    let v = value;
    for (let i = this.length + width - 1; i >= this.length; i--) {
      bytes[i] = HEX_DIGITS[v & 15] as number;
      v >>>= 4;
    }
    this.length += width;
  }

  /** Returns a fresh copy of the bytes written since `start` (default: all of them). */
  take(start = 0): Uint8Array {
    return this.bytes.slice(start, this.length);
  }
}
