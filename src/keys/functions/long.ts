/**
 * Binary longs: `long(x)` and `reverseLong(x)`, HBase's `Bytes.toBytes(long)` (8 bytes big-endian, two's complement)
 * of x or of `Long.MAX_VALUE - x`.
 */
import { JAVA_LONG_MAX, bytesToLong } from '../../bytes/index.js';
import { longArg, orderOver, recoverable } from './args.js';
import type { CallSite, CompiledCall, FunctionDescriptor } from './descriptor.js';
import type { KeyBuffer } from './key-buffer.js';
import { normalizeLong, reverseOfLong } from './values.js';

const TWO_32 = 4_294_967_296;

function writeLong(out: KeyBuffer, v: number | bigint): void {
  out.reserve(8);
  const view = new DataView(out.bytes.buffer, out.bytes.byteOffset + out.length, 8);
  if (typeof v === 'number') {
    const high = Math.floor(v / TWO_32);
    view.setInt32(0, high, false);
    view.setUint32(4, v - high * TWO_32, false);
  } else {
    view.setBigInt64(0, v, false);
  }
  out.length += 8;
}

function longCall(site: CallSite, reverse: boolean): CompiledCall {
  const x = longArg(site, 0);
  const field = x.name;
  const call: CompiledCall = {
    inputs: x.inputs,
    fixedWidth: 8,
    alphabet: 'binary',
    ...orderOver(x, reverse ? 'descending' : 'ascending'),
    write(record, out) {
      const v = x.read(record);
      writeLong(out, reverse ? reverseOfLong(site, field, v) : v);
    },
  };
  return recoverable(call, x, (key, from, to) => {
    if (to - from !== 8) return `a long needs 8 bytes, found ${to - from}`;
    const v = bytesToLong(key, from);
    if (!reverse) return normalizeLong(v);
    return v < 0n ? `Long.MAX_VALUE - x is negative (${v}), so x was not a non-negative long` : normalizeLong(JAVA_LONG_MAX - v);
  });
}

/**
 * `long(x)`: HBase's `Bytes.toBytes(long)`, 8 bytes big-endian two's complement. Byte order follows numeric order
 * for non-negative values only (negative longs sort after positive ones).
 */
export const longFunction: FunctionDescriptor = {
  name: 'long',
  kind: 'long',
  summary: 'x as 8 bytes big-endian (Bytes.toBytes(long))',
  args: [{ name: 'x', kind: 'field' }],
  output: 'bytes',
  oneWay: false,
  compile: (site) => longCall(site, false),
};

/** `reverseLong(x)`: `Bytes.toBytes(Long.MAX_VALUE - x)` for non-negative x: newest (largest) first. */
export const reverseLongFunction: FunctionDescriptor = {
  name: 'reverseLong',
  kind: 'reverseLong',
  summary: 'Long.MAX_VALUE - x as 8 bytes big-endian, largest first',
  args: [{ name: 'x', kind: 'field' }],
  output: 'bytes',
  oneWay: false,
  compile: (site) => longCall(site, true),
};

/** The binary long family. */
export const longFunctions: readonly FunctionDescriptor[] = [longFunction, reverseLongFunction];
