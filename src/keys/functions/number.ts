/** Decimal functions over a long field: `pad(x, W)` (`%0Wd`) and `reverseTs(t)` (`%019d` of `Long.MAX_VALUE - t`). */
import { JAVA_LONG_MAX } from '../../bytes/index.js';
import { HotspotError } from '../../util/errors.js';
import type { FieldValue } from '../types.js';
import { hashText, intArg, longArg, orderOver } from './args.js';
import type { CallSite, CompiledCall, FunctionDescriptor } from './descriptor.js';
import type { KeyBuffer } from './key-buffer.js';
import { longRangeError, normalizeLong, reverseOfLong } from './values.js';

/** `Long.MAX_VALUE` = 9 · 10^18 + 223372036 · 10^9 + 854775807. */
const MAX_MID = 223_372_036;
const MAX_LOW9 = 854_775_807;
const BILLION = 1_000_000_000;

function readDigits(key: Uint8Array, from: number, to: number): bigint | string {
  if (to - from < 1) return 'no digits';
  let text = '';
  for (let i = from; i < to; i++) {
    const b = key[i] as number;
    if (b < 48 || b > 57) return `byte ${i} is not a decimal digit`;
    text += String.fromCharCode(b);
  }
  return BigInt(text);
}

/**
 * `pad(x, W)`: x in decimal, zero-padded to W digits (Java `%0Wd`, which has no width limit); W runs to HBase's
 * longest rowkey (32767). Negative values and values wider than W are refused.
 */
export const padFunction: FunctionDescriptor = {
  name: 'pad',
  kind: 'pad',
  summary: 'x as zero-padded decimal of width W (%0Wd)',
  args: [
    { name: 'x', kind: 'field' },
    { name: 'width', kind: 'int', min: 1, max: 32_767 },
  ],
  output: 'text',
  oneWay: false,
  compile(site): CompiledCall {
    const x = longArg(site, 0);
    const field = x.name;
    const width = intArg(site, 1);
    const limit = 10 ** width;
    const limitBig = 10n ** BigInt(width);
    const check = (v: number | bigint): void => {
      if (v < 0) throw longRangeError(site, field, v, `is negative; pad() writes non-negative integers only (a "-" would break the key order)`);
      if (typeof v === 'number' ? v >= limit : v >= limitBig) {
        throw new HotspotError(
          'TEMPLATE_WIDTH_OVERFLOW',
          `${site.source} at template position ${site.position}: field "${field}" = ${v} has ${String(v).length} digits, more than the width ${width}; widen the pad`,
          { field },
        );
      }
    };
    const text = (record: Parameters<CompiledCall['write']>[0]) => {
      const v = x.read(record);
      check(v);
      return String(v).padStart(width, '0');
    };
    return {
      inputs: x.inputs,
      fixedWidth: width,
      alphabet: 'decimal',
      ...orderOver(x, 'ascending'),
      text,
      hash: (record, h) => hashText(text(record), h),
      write(record, out) {
        const v = x.read(record);
        check(v);
        if (typeof v === 'number') out.writeDecimal(v, width);
        else writeAscii(out, v.toString().padStart(width, '0'));
      },
      ...(x.field === undefined ? {} : { recover: { field: x.field, read: (key, from, to) => normalizeIfDigits(readDigits(key, from, to)) } }),
    };
  },
};

function normalizeIfDigits(v: bigint | string): FieldValue | string {
  return typeof v === 'string' ? v : normalizeLong(v);
}

function writeAscii(out: KeyBuffer, text: string): void {
  out.reserve(text.length);
  for (let i = 0; i < text.length; i++) out.bytes[out.length + i] = text.charCodeAt(i);
  out.length += text.length;
}

/**
 * `reverseTs(t)`: `String.format("%019d", Long.MAX_VALUE - t)` for t in epoch milliseconds, so the newest row sorts
 * first. Always 19 digits (`Long.MAX_VALUE` has 19), so the width is fixed.
 */
export const reverseTsFunction: FunctionDescriptor = {
  name: 'reverseTs',
  kind: 'reverseTs',
  summary: 'Long.MAX_VALUE - t as 19-digit zero-padded decimal (%019d), newest first',
  args: [{ name: 't', kind: 'field' }],
  output: 'text',
  oneWay: false,
  compile(site): CompiledCall {
    const x = longArg(site, 0);
    const field = x.name;
    const text = (record: Parameters<CompiledCall['write']>[0]) => reverseOfLong(site, field, x.read(record)).toString().padStart(19, '0');
    return {
      inputs: x.inputs,
      fixedWidth: 19,
      alphabet: 'decimal',
      ...orderOver(x, 'descending'),
      text,
      hash: (record, h) => hashText(text(record), h),
      write(record, out) {
        const raw = x.field === undefined ? undefined : record[x.field];
        const t = typeof raw === 'number' && raw >= 0 && Number.isSafeInteger(raw) ? raw : x.read(record);
        if (typeof t === 'number' && t >= 0) {
          // Long.MAX_VALUE - t in base 10^9 chunks: 9 | 223372036 | 854775807. t < 2^53 < 9.01e15 never reaches
          // the leading 9, so every chunk stays a 32-bit integer.
          let high = Math.floor(t / BILLION);
          let low = t - high * BILLION;
          if (low < 0) {
            high -= 1;
            low += BILLION;
          } else if (low >= BILLION) {
            high += 1;
            low -= BILLION;
          }
          let mid = MAX_MID - high;
          low = MAX_LOW9 - low;
          if (low < 0) {
            low += BILLION;
            mid -= 1;
          }
          out.reserve(19);
          out.bytes[out.length++] = 57;
          out.writeDecimal(mid, 9);
          out.writeDecimal(low, 9);
        } else {
          writeAscii(out, reverseOfLong(site, field, t).toString().padStart(19, '0'));
        }
      },
      ...(x.field === undefined
        ? {}
        : {
            recover: {
              field: x.field,
              read(key: Uint8Array, from: number, to: number) {
                const v = readDigits(key, from, to);
                return typeof v === 'string' ? v : normalizeLong(JAVA_LONG_MAX - v);
              },
            },
          }),
    };
  },
};

/** The numeric family. */
export const numberFunctions: readonly FunctionDescriptor[] = [padFunction, reverseTsFunction];
