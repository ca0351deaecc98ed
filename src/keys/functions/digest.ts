/**
 * Message-digest prefixes: `md5(x, n)` (the playbook's `DigestUtils.md5Hex(key).substring(0, n)`) and `sha256(x)`
 * (`DigestUtils.sha256Hex`, for personal data that must not appear in clear in WAL, HFiles or `hbase:meta`).
 * Both digest the UTF-8 bytes of x exactly as Java's `getBytes(UTF_8)` produces them.
 */
import { createHash } from 'node:crypto';
import { utf8Bytes } from '../../bytes/index.js';
import { hashText, intArg, textArg } from './args.js';
import type { CallSite, CompiledCall, FunctionDescriptor } from './descriptor.js';

/** Inputs whose digest a call site remembers; the memo starts over when full. */
const MEMO_ENTRIES = 8192;

function digestCall(site: CallSite, algorithm: 'md5' | 'sha256', chars: number): CompiledCall {
  const x = textArg(site, 0);
  // writers and the simulator hash the same entity ids again and again: a digest is a pure function of its input, so
  // each call site keeps the last few thousand (one Hash object per key was most of a hashed key's cost)
  const memo = new Map<string, string>();
  const text = (record: Parameters<typeof x.text>[0]) => {
    const input = x.text(record);
    let hex = memo.get(input);
    if (hex === undefined) {
      hex = createHash(algorithm).update(utf8Bytes(input)).digest('hex').slice(0, chars);
      if (memo.size >= MEMO_ENTRIES) memo.clear();
      memo.set(input, hex);
    }
    return hex;
  };
  return {
    inputs: x.inputs,
    fixedWidth: chars,
    alphabet: 'hex',
    order: 'none',
    text,
    hash: (record, h) => hashText(text(record), h),
    write: (record, out) => {
      const hex = text(record);
      out.reserve(chars);
      for (let i = 0; i < chars; i++) out.bytes[out.length + i] = hex.charCodeAt(i);
      out.length += chars;
    },
  };
}

/** `md5(x, n)`: the first n (1 to 32) lower-case hex characters of MD5 of x's UTF-8 bytes. */
export const md5Function: FunctionDescriptor = {
  name: 'md5',
  kind: 'md5',
  summary: 'first n lower-case hex characters of MD5(UTF-8 of x)',
  args: [
    { name: 'x', kind: 'text' },
    { name: 'chars', kind: 'int', min: 1, max: 32 },
  ],
  output: 'text',
  oneWay: true,
  compile: (site) => digestCall(site, 'md5', intArg(site, 1)),
};

/** `sha256(x)`: the 64 lower-case hex characters of SHA-256 of x's UTF-8 bytes. */
export const sha256Function: FunctionDescriptor = {
  name: 'sha256',
  kind: 'sha256',
  summary: '64 lower-case hex characters of SHA-256(UTF-8 of x)',
  args: [{ name: 'x', kind: 'text' }],
  output: 'text',
  oneWay: true,
  compile: (site) => digestCall(site, 'sha256', 64),
};

/** The digest family. */
export const digestFunctions: readonly FunctionDescriptor[] = [md5Function, sha256Function];
