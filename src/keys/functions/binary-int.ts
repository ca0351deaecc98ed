/**
 * Big-endian integers of 1 to 8 bytes: `int(x, n)` (signed, two's complement), `uint(x, n)` (unsigned), and Apache
 * Phoenix's sign-flipped BIGINT, INTEGER, SMALLINT and TINYINT (`phoenixBigint(x)` ...), the same bytes with the first
 * bit flipped so that negative numbers sort before positive ones. `int(x, 8)` is HBase's `Bytes.toBytes(long)`,
 * `int(x, 4)` `Bytes.toBytes(int)`, `int(x, 2)` `Bytes.toBytes(short)`; `uint(x, 3)` is OpenTSDB's 3-byte UID.
 */
import { HotspotError } from '../../util/errors.js';
import { intArg, longArg, orderOver, recoverable, stringArg } from './args.js';
import type { CallSite, CompiledCall, FunctionDescriptor } from './descriptor.js';
import { normalizeLong } from './values.js';

/** How an n-byte integer is written: signed, unsigned, or signed with the sign bit flipped (Phoenix). */
type IntForm = 'signed' | 'unsigned' | 'flipped';

/** The accepted range of an n-byte integer of a form (unsigned 8-byte values stop at `Long.MAX_VALUE`: a Java long). */
export function intRange(bytes: number, form: IntForm): { min: bigint; max: bigint } {
  const bits = BigInt(8 * bytes);
  if (form === 'unsigned') return { min: 0n, max: bytes === 8 ? (1n << 63n) - 1n : (1n << bits) - 1n };
  return { min: -(1n << (bits - 1n)), max: (1n << (bits - 1n)) - 1n };
}

/**
 * The sort order of a Phoenix column (`"ASC"`, the default, or `"DESC"`): DESC inverts every byte (Phoenix's
 * `SortOrder.invert`), so the largest value sorts first.
 * @throws HotspotError `TEMPLATE_ARGUMENT` for anything else.
 */
function phoenixOrder(site: CallSite, index: number): 'ASC' | 'DESC' {
  if (site.args[index] === undefined) return 'ASC';
  const order = stringArg(site, index);
  if (order === 'ASC' || order === 'DESC') return order;
  throw new HotspotError('TEMPLATE_ARGUMENT', `${site.source} at template position ${site.position}: sort order "${order}" is neither "ASC" nor "DESC"`);
}

function intCall(site: CallSite, bytes: number, form: IntForm, invert = false): CompiledCall {
  const x = longArg(site, 0);
  const field = x.name;
  const { min, max } = intRange(bytes, form);
  const modulus = 2 ** (8 * bytes);
  const flip = form === 'flipped' ? 0x80 : 0;
  const mask = invert ? 0xff : 0;
  const call: CompiledCall = {
    inputs: x.inputs,
    fixedWidth: bytes,
    alphabet: 'binary',
    ...orderOver(x, invert ? 'descending' : 'ascending'),
    write(record, out) {
      const v = x.read(record);
      if (v < min || v > max) {
        throw new HotspotError(
          'TEMPLATE_VALUE_RANGE',
          `${site.source} at template position ${site.position}: ${x.field === undefined ? field : `field "${field}"`} = ${v} does not fit in ${bytes} byte${bytes === 1 ? '' : 's'} (${min}..${max})`,
          { field: x.inputs[0] ?? field },
        );
      }
      out.reserve(bytes);
      const at = out.length;
      if (typeof v === 'number' && bytes <= 6) {
        let u = v < 0 ? v + modulus : v;
        for (let i = bytes - 1; i >= 0; i--) {
          out.bytes[at + i] = u % 256;
          u = Math.floor(u / 256);
        }
      } else {
        let u = BigInt.asUintN(8 * bytes, BigInt(v));
        for (let i = bytes - 1; i >= 0; i--) {
          out.bytes[at + i] = Number(u & 0xffn);
          u >>= 8n;
        }
      }
      out.bytes[at] = (out.bytes[at] as number) ^ flip;
      if (mask !== 0) for (let i = at; i < at + bytes; i++) out.bytes[i] = (out.bytes[i] as number) ^ mask;
      out.length += bytes;
    },
  };
  return recoverable(call, x, (key, from, to) => {
    if (to - from !== bytes) return `${site.source} takes ${bytes} bytes, found ${to - from}`;
    let u = 0n;
    for (let i = from; i < to; i++) u = (u << 8n) | BigInt(((key[i] as number) ^ mask) ^ (i === from ? flip : 0));
    const v = form === 'unsigned' ? u : BigInt.asIntN(8 * bytes, u);
    return v > max ? `${v} is beyond a Java long` : normalizeLong(v);
  });
}

const BYTES_ARG = { name: 'bytes', kind: 'int', min: 1, max: 8 } as const;

function sized(name: 'int' | 'uint', form: IntForm, summary: string): FunctionDescriptor {
  return {
    name,
    kind: name,
    summary,
    args: [{ name: 'x', kind: 'field' }, BYTES_ARG],
    output: 'bytes',
    oneWay: false,
    compile: (site) => intCall(site, intArg(site, 1), form),
  };
}

/** `int(x, n)`: x as n bytes big-endian two's complement (n = 1..8); values outside n signed bytes are refused. */
export const intFunction = sized('int', 'signed', "x as n (1..8) bytes big-endian, signed two's complement (Bytes.toBytes(long/int/short) for n = 8/4/2)");

/** `uint(x, n)`: x as n bytes big-endian unsigned (n = 1..8), e.g. OpenTSDB's 3-byte UIDs; 0..2^(8n)-1. */
export const uintFunction = sized('uint', 'unsigned', 'x as n (1..8) bytes big-endian, unsigned (0..2^(8n)-1), e.g. 3-byte UIDs');

function phoenix(name: string, type: string, bytes: number): FunctionDescriptor {
  return {
    name,
    kind: 'phoenixInt',
    summary: `x as Phoenix ${type} (${bytes} byte${bytes === 1 ? '' : 's'} big-endian, sign bit flipped; "DESC" inverts every byte)`,
    args: [
      { name: 'x', kind: 'field' },
      { name: 'order', kind: 'string' },
    ],
    minArgs: 1,
    output: 'bytes',
    oneWay: false,
    compile: (site) => intCall(site, bytes, 'flipped', phoenixOrder(site, 1) === 'DESC'),
  };
}

/** The big-endian integer family, with Phoenix's `PLong`, `PInteger`, `PSmallint`, `PTinyint` encodings. */
export const binaryIntFunctions: readonly FunctionDescriptor[] = [
  intFunction,
  uintFunction,
  phoenix('phoenixBigint', 'BIGINT', 8),
  phoenix('phoenixInteger', 'INTEGER', 4),
  phoenix('phoenixSmallint', 'SMALLINT', 2),
  phoenix('phoenixTinyint', 'TINYINT', 1),
];
