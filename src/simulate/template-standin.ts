/**
 * A small stand-in for the rowkey template compiler (`src/keys/template/`) until it lands: literals, `{field}`,
 * `{salt(field,N)}`, `{date(field,"pattern")}`, `{reverseTs(field)}`, `{pad(field,W)}` and `{md5(field,chars)}`,
 * with the same byte forms as the function registry in `src/keys/functions/`. Replaced by the real compiler.
 *
 * @module
 */
import { createHash } from 'node:crypto';
import { concatBytes, javaStringHashCode, utf8Bytes } from '../bytes/index.js';
import type { KeyPart, KeyRecord, RowkeyTemplate } from '../keys/types.js';
import { HotspotError } from '../util/errors.js';

const LONG_MAX = 2n ** 63n - 1n;
const ascii = (text: string): Uint8Array => utf8Bytes(text);

function dateText(ms: number, pattern: string): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return pattern
    .replace('yyyy', String(d.getUTCFullYear()).padStart(4, '0'))
    .replace('MM', two(d.getUTCMonth() + 1))
    .replace('dd', two(d.getUTCDate()))
    .replace('HH', two(d.getUTCHours()))
    .replace('mm', two(d.getUTCMinutes()))
    .replace('ss', two(d.getUTCSeconds()))
    .replace('SSS', String(d.getUTCMilliseconds()).padStart(3, '0'));
}

function need(record: KeyRecord, field: string, position: number): string | number | bigint {
  const value = record[field];
  if (value === undefined) throw new HotspotError('TEMPLATE_FIELD_MISSING', `template position ${position}: field "${field}" is missing from the record`);
  return value;
}

function part(kind: KeyPart['kind'], source: string, position: number, inputs: string[], extra: Partial<KeyPart>, encode: (r: KeyRecord) => Uint8Array): KeyPart {
  return { kind, source, position, inputs, fixedWidth: undefined, alphabet: 'text', buckets: undefined, order: 'none', encode, ...extra };
}

function compileCall(text: string, position: number): KeyPart {
  const source = `{${text}}`;
  const call = /^(\w+)\((\w+)(?:,\s*("?)([^")]*)\3)?\)$/.exec(text);
  if (!call) {
    if (/^\w+$/.test(text)) return part('field', source, position, [text], {}, (r) => ascii(String(need(r, text, position))));
    throw new HotspotError('TEMPLATE_SYNTAX', `template position ${position}: cannot read "${source}"; write {field} or {function(field, ...)}`);
  }
  const [, name, field = '', , arg = ''] = call;
  const num = (r: KeyRecord) => Number(need(r, field, position));
  switch (name) {
    case 'salt': {
      const n = Number(arg);
      if (!Number.isInteger(n) || n < 1) throw new HotspotError('TEMPLATE_ARG', `template position ${position}: salt needs a bucket count, e.g. {salt(${field},16)}`);
      const bytes = (b: number) => ascii(b.toString(16).padStart(2, '0'));
      return part('salt', source, position, [field], { fixedWidth: 2, alphabet: 'hex', buckets: n, bucketBytes: bytes }, (r) =>
        bytes(Math.abs(javaStringHashCode(String(need(r, field, position))) % n)),
      );
    }
    case 'date':
      return part('date', source, position, [field], { fixedWidth: arg.length, alphabet: 'decimal', order: 'ascending', orderField: field }, (r) => ascii(dateText(num(r), arg)));
    case 'reverseTs':
      return part('reverseTs', source, position, [field], { fixedWidth: 19, alphabet: 'decimal', order: 'descending', orderField: field }, (r) =>
        ascii((LONG_MAX - BigInt(Math.trunc(num(r)))).toString().padStart(19, '0')),
      );
    case 'pad':
      return part('pad', source, position, [field], { fixedWidth: Number(arg), alphabet: 'decimal' }, (r) => ascii(String(num(r)).padStart(Number(arg), '0')));
    case 'md5':
      return part('md5', source, position, [field], { fixedWidth: Number(arg || 32), alphabet: 'hex' }, (r) =>
        ascii(createHash('md5').update(String(need(r, field, position))).digest('hex').slice(0, Number(arg || 32))),
      );
    default:
      throw new HotspotError('TEMPLATE_UNKNOWN_FUNCTION', `template position ${position}: unknown function "${name ?? ''}"`);
  }
}

/**
 * Compiles a template text.
 * @throws HotspotError `TEMPLATE_SYNTAX`, `TEMPLATE_UNKNOWN_FUNCTION`, `TEMPLATE_ARG` naming the template position.
 */
export function compileTemplateStandIn(source: string): RowkeyTemplate {
  const parts: KeyPart[] = [];
  const re = /\{([^{}]*)\}|([^{}]+)|([{}])/g;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    if (m[3] !== undefined) throw new HotspotError('TEMPLATE_SYNTAX', `template position ${m.index}: unbalanced "${m[3]}" in "${source}"`);
    if (m[2] !== undefined) {
      const bytes = ascii(m[2]);
      parts.push(part('literal', m[2], m.index, [], { fixedWidth: bytes.length }, () => bytes));
    } else parts.push(compileCall((m[1] ?? '').replace(/\s+/g, ''), m.index));
  }
  if (parts.length === 0) throw new HotspotError('TEMPLATE_SYNTAX', 'the template is empty');
  const fields = [...new Set(parts.flatMap((p) => p.inputs))];
  return {
    source,
    parts,
    fields,
    decodable: false,
    decodeWarnings: ['stand-in compiler: decoding not supported'],
    encode: (record) => concatBytes(...parts.map((p) => p.encode(record))),
    decode: () => {
      throw new HotspotError('TEMPLATE_NOT_DECODABLE', 'decoding is not supported here');
    },
  };
}
