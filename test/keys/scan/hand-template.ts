// A tiny hand-written RowkeyTemplate for scan-planning tests, independent of the template compiler: each part
// spells out its bytes directly (Java String.hashCode salt as %02x, 19-digit reverse timestamps, big-endian longs).
import { concatBytes, fromHex, javaStringHashCode, longToBytes, utf8Bytes } from '../../../src/bytes/index.js';
import { hbasewdPrefixByte, opentsdbSaltBucket, opentsdbSaltBytes, phoenixSaltByte } from '../../../src/keys/compat/index.js';
import type { KeyPart, KeyRecord, RowkeyTemplate } from '../../../src/keys/types.js';

const MAX = 0x7fff_ffff_ffff_ffffn;
const base = { position: 0, buckets: undefined, order: 'none', fixedWidth: undefined, alphabet: 'text' } as const;
const val = (r: KeyRecord, f: string) => {
  const v = r[f];
  if (v === undefined) throw new Error(`missing ${f}`);
  return v;
};

export const lit = (hex: string): KeyPart => {
  const bytes = fromHex(hex);
  return { ...base, kind: 'literal', source: hex, inputs: [], fixedWidth: bytes.length, alphabet: 'binary', encode: () => bytes.slice() };
};
export const text = (s: string): KeyPart => lit(Buffer.from(s, 'utf8').toString('hex'));
export const field = (f: string): KeyPart => ({ ...base, kind: 'field', source: `{${f}}`, inputs: [f], encode: (r) => utf8Bytes(String(val(r, f))) });
export const salt = (f: string, n: number): KeyPart => ({
  ...base,
  kind: 'salt',
  source: `{salt(${f},${n})}`,
  inputs: [f],
  fixedWidth: 2,
  buckets: n,
  bucketBytes: (b) => utf8Bytes(b.toString(16).padStart(2, '0')),
  encode: (r) => utf8Bytes(Math.abs(javaStringHashCode(String(val(r, f))) % n).toString(16).padStart(2, '0')),
});
export const reverseTs = (f: string): KeyPart => ({
  ...base,
  kind: 'reverseTs',
  source: `{reverseTs(${f})}`,
  inputs: [f],
  fixedWidth: 19,
  alphabet: 'decimal',
  order: 'descending',
  orderField: f,
  encode: (r) => utf8Bytes((MAX - BigInt(val(r, f))).toString().padStart(19, '0')),
});
export const long = (f: string): KeyPart => ({
  ...base,
  kind: 'long',
  source: `{long(${f})}`,
  inputs: [f],
  fixedWidth: 8,
  alphabet: 'binary',
  order: 'ascending',
  orderField: f,
  encode: (r) => longToBytes(val(r, f) as number),
});

type Following = 'phoenixSalt' | 'hbasewdPrefix' | 'opentsdbSalt';
const oneByte = (b: number) => Uint8Array.of(b);
export const following = (kind: Following, n: number): KeyPart => ({
  ...base,
  kind,
  source: `{${kind}(${n})}`,
  inputs: [],
  fixedWidth: 1,
  alphabet: 'binary',
  buckets: n,
  bucketBytes: oneByte,
  encode: () => {
    throw new Error('computed by the template over the following bytes');
  },
});

/** Builds a template from parts; following-bytes salts are computed over the rest (OpenTSDB: minus time parts). */
export function template(...parts: KeyPart[]): RowkeyTemplate {
  const fields = [...new Set(parts.flatMap((p) => p.inputs))];
  return {
    source: parts.map((p) => p.source).join(''),
    parts,
    fields,
    decodable: false,
    decodeWarnings: [],
    encode(record) {
      const out: Uint8Array[] = [];
      for (let i = parts.length - 1; i >= 0; i--) {
        const p = parts[i] as KeyPart;
        if (p.kind === 'phoenixSalt' || p.kind === 'hbasewdPrefix' || p.kind === 'opentsdbSalt') {
          const rest = concatBytes(...out);
          const n = p.buckets as number;
          if (p.kind === 'phoenixSalt') out.unshift(oneByte(phoenixSaltByte(rest, n)));
          else if (p.kind === 'hbasewdPrefix') out.unshift(oneByte(hbasewdPrefixByte(rest, n)));
          else {
            const series = concatBytes(...parts.slice(i + 1).filter((q) => q.order === 'none').map((q) => q.encode(record)));
            out.unshift(opentsdbSaltBytes(opentsdbSaltBucket(series, n), 1));
          }
        } else out.unshift(p.encode(record));
      }
      return concatBytes(...out);
    },
    decode() {
      throw new Error('not needed');
    },
  };
}
