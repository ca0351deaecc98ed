/**
 * Decoding rowkeys back into records. A key is split into its parts by fixed widths and by the literal delimiters
 * between variable-width parts, trying every place a delimiter occurs; the split must be unique. Fields are then read
 * from the parts that invert (fields, reverse, pad, reverseTs, long, full-precision dates), and the record is encoded
 * again: the key must come back byte for byte, which verifies every salt, bucket and hash in it.
 */
import { toStringBinary } from '../../bytes/index.js';
import { HotspotError } from '../../util/errors.js';
import type { FieldValue } from '../types.js';
import type { CompiledPart } from './parts.js';
import { setOwn } from '../../util/own.js';

/** Whether and how a template's keys decode. */
export interface DecodePlan {
  /** True when every field can be read back and the parts can be split. */
  readonly decodable: boolean;
  /**
   * True when a key can be split into the parts (no two parts of varying width follow each other without a literal
   * between them), whether or not every field can be read back.
   */
  readonly splittable: boolean;
  /** One line per reason the key is not decodable, or per value that would make a key undecodable. */
  readonly warnings: readonly string[];
  /** For each part: the next literal part's index (-1 when none) and the fixed widths between. */
  readonly follow: readonly { readonly next: number; readonly fixedBytes: number }[];
}

/** Bytes in double quotes as `Bytes.toStringBinary` writes them (the form `key decode` reads), e.g. `"a\x00b"`. */
export function show(bytes: Uint8Array): string {
  // toStringBinary already escapes every byte outside printable ASCII; JSON quoting would double its backslashes.
  return `"${toStringBinary(bytes)}"`;
}

function mayContain(part: CompiledPart, literal: Uint8Array): boolean {
  const text = new TextDecoder().decode(literal);
  if (part.alphabet === 'hex') return /[0-9a-f]/.test(text);
  if (part.alphabet === 'decimal') return /[0-9-]/.test(text);
  return true;
}

function label(part: CompiledPart): string {
  return part.kind === 'field' ? `field "${part.inputs[0] ?? part.source}"` : `part ${part.source}`;
}

/** Works out, once per template, whether its keys decode and what could stop a key from decoding. */
export function planDecode(parts: readonly CompiledPart[], fields: readonly string[]): DecodePlan {
  const warnings: string[] = [];
  let splittable = true;
  const follow = parts.map((part, i) => {
    let fixedBytes = 0;
    for (let j = i + 1; j < parts.length; j++) {
      const next = parts[j] as CompiledPart;
      if (next.literal) return { next: j, fixedBytes };
      if (next.fixedWidth === undefined) {
        if (part.fixedWidth === undefined && !part.literal) {
          splittable = false;
          warnings.push(`${label(part)} and ${label(next)} both vary in width with no literal between them, so the key cannot be split; put a delimiter between them or give one a fixed width (pad, salt, ...)`);
        }
        return { next: -1, fixedBytes: -1 };
      }
      fixedBytes += next.fixedWidth;
    }
    return { next: -1, fixedBytes };
  });
  parts.forEach((part, i) => {
    const f = follow[i];
    if (part.fixedWidth !== undefined || part.literal || !f || f.next < 0) return;
    const literal = (parts[f.next] as CompiledPart).literal as Uint8Array;
    if (mayContain(part, literal)) {
      warnings.push(`${label(part)} is delimited by ${show(literal)}: a value containing ${show(literal)} encodes fine, but decoding refuses a key that then splits more than one way`);
    }
  });
  let decodable = splittable;
  const recovered = new Set(parts.flatMap((p) => (p.recover ? [p.recover.field] : [])));
  for (const field of fields) {
    if (recovered.has(field)) continue;
    decodable = false;
    const users = parts.filter((p) => p.inputs.includes(field)).map((p) => p.source);
    warnings.push(`field "${field}" is only written through ${users.join(', ')}, which cannot be read back (a one-way hash or a lossy format), so the key is not decodable; add {${field}} or an invertible form of it to the key`);
  }
  return { decodable, splittable, warnings, follow };
}

const STEP_LIMIT = 100_000;

/** The ways a key splits into its template's parts, as {@link searchSplits} finds them. */
export interface SplitSearch {
  /** Up to two splits, each as part extents [from0, to0, from1, to1, ...]; empty when the key splits no way. */
  readonly found: readonly Int32Array[];
  /** True when the search gave up after trying too many places (a key with a delimiter at very many places). */
  readonly overLimit: boolean;
  /** The byte offset the search got furthest to before failing; -1 when nothing failed. */
  readonly failAt: number;
  /** Why the search failed at `failAt`, e.g. `expected the literal "_" of the template`. */
  readonly failWhy: () => string;
}

/**
 * Tries every way `key` splits into `parts` (fixed widths, literals, delimited variable widths, each part's bytes
 * accepted by its alphabet), stopping at the second split found. Throws nothing: see {@link splitKey}.
 */
export function searchSplits(parts: readonly CompiledPart[], plan: DecodePlan, key: Uint8Array): SplitSearch {
  const n = parts.length;
  const extents = new Int32Array(2 * n);
  const found: Int32Array[] = [];
  let steps = 0;
  let failAt = -1;
  // why the furthest failure failed, put in words only if it is reported: a literal of thousands of bytes shown at
  // every failed position would make the search quadratic in the key's length
  let failWhy: () => string = () => '';
  const note = (pos: number, why: () => string) => {
    if (pos >= failAt) {
      failAt = pos;
      failWhy = why;
    }
  };
  const matchAt = (at: number, lit: Uint8Array) => {
    if (at + lit.length > key.length) return false;
    for (let k = 0; k < lit.length; k++) if (key[at + k] !== lit[k]) return false;
    return true;
  };
  const take = (i: number, from: number, to: number) => {
    extents[2 * i] = from;
    extents[2 * i + 1] = to;
    search(i + 1, to);
  };
  function search(i: number, pos: number): void {
    if (found.length >= 2 || ++steps > STEP_LIMIT) return;
    if (i === n) {
      if (pos === key.length) found.push(extents.slice());
      else note(pos, () => `${key.length - pos} byte${key.length - pos === 1 ? ' is' : 's are'} left after the template's last part`);
      return;
    }
    const part = parts[i] as CompiledPart;
    if (part.literal) {
      if (matchAt(pos, part.literal)) take(i, pos, pos + part.literal.length);
      else note(pos, () => `expected the literal ${show(part.literal as Uint8Array)} of the template`);
      return;
    }
    if (part.fixedWidth !== undefined) {
      const end = pos + part.fixedWidth;
      if (end <= key.length && part.accepts(key, pos, end)) take(i, pos, end);
      else note(pos, () => (end > key.length ? `the key ends inside ${label(part)} (${part.fixedWidth} bytes)` : `${label(part)} expects ${part.fixedWidth} ${part.alphabet} bytes`));
      return;
    }
    const { next, fixedBytes } = plan.follow[i] as DecodePlan['follow'][number];
    if (next < 0) {
      const end = key.length - fixedBytes;
      if (end >= pos && part.accepts(key, pos, end)) take(i, pos, end);
      else note(pos, () => `${label(part)} expects ${part.alphabet} bytes`);
      return;
    }
    const lit = (parts[next] as CompiledPart).literal as Uint8Array;
    let any = false;
    for (let end = pos; end + fixedBytes + lit.length <= key.length && found.length < 2; end++) {
      if (matchAt(end + fixedBytes, lit) && part.accepts(key, pos, end)) {
        any = true;
        take(i, pos, end);
      }
    }
    if (!any) note(pos, () => `no delimiter ${show(lit)} ends ${label(part)}`);
  }
  search(0, 0);
  return { found, overLimit: steps > STEP_LIMIT, failAt, failWhy };
}

/** Splits `key` into part extents: [from0, to0, from1, to1, ...]. Throws when no split or more than one exists. */
export function splitKey(parts: readonly CompiledPart[], plan: DecodePlan, key: Uint8Array, template: string): Int32Array {
  const { found, overLimit, failAt, failWhy } = searchSplits(parts, plan, key);
  const shown = show(key);
  if (overLimit) {
    throw new HotspotError('KEY_DECODE', `key ${shown} splits too many ways to try against template "${template}"`);
  }
  const first = found[0];
  if (!first) {
    throw new HotspotError('KEY_DECODE', `key ${shown} does not match template "${template}" at byte ${failAt}: ${failWhy()}`);
  }
  const second = found[1];
  if (second) throw ambiguity(parts, key, first, second, template);
  return first;
}

function ambiguity(parts: readonly CompiledPart[], key: Uint8Array, a: Int32Array, b: Int32Array, template: string): HotspotError {
  const differing = parts.filter((p, i) => !p.literal && (a[2 * i] !== b[2 * i] || a[2 * i + 1] !== b[2 * i + 1]));
  const names = differing.map((p) => p.inputs[0] ?? p.source);
  const first = differing[0];
  const i = first ? parts.indexOf(first) : 0;
  const read = (e: Int32Array) => JSON.stringify(toStringBinary(key.subarray(e[2 * i], e[2 * i + 1])));
  return new HotspotError(
    'KEY_DECODE_AMBIGUOUS',
    `key ${show(key)} cannot be decoded with template "${template}": field ${names.map((s) => `"${s}"`).join(' or ')} holds a delimiter, so the key splits more than one way (${names[0]} = ${read(a)} or ${read(b)}); use a delimiter that cannot occur in the field (e.g. \\x00) or a fixed width`,
    names[0] === undefined ? {} : { field: names[0] },
  );
}

/** A field that does not read back from a split key: the part, its first byte, the field and why. */
export interface FieldReadFailure {
  readonly part: CompiledPart;
  readonly from: number;
  readonly field: string;
  readonly error: string;
}

/**
 * Reads the fields from a split key: each from the first part that gives it back whole, or else from the first part
 * that gives it back trimmed (`padBytes`, whose value may have ended with the fill byte). Throws nothing: returns
 * the first part whose bytes do not read back instead (see {@link readFields}).
 */
export function tryReadFields(parts: readonly CompiledPart[], key: Uint8Array, extents: Int32Array): { record: Record<string, FieldValue> } | { failure: FieldReadFailure } {
  const record: Record<string, FieldValue> = {};
  // field -> whether its value was read whole
  const read = new Map<string, boolean>();
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as CompiledPart;
    const r = part.recover;
    const whole = r ? read.get(r.field) : undefined;
    if (!r || whole === true) continue;
    const from = extents[2 * i] as number;
    const got = r.read(key, from, extents[2 * i + 1] as number);
    if ('error' in got) {
      // A trimmed value already read stands; the verification re-encodes it against this part too.
      if (whole === false) continue;
      return { failure: { part, from, field: r.field, error: got.error } };
    }
    if (whole === false && got.trimmed) continue;
    read.set(r.field, !got.trimmed);
    setOwn(record, r.field, got.value);
  }
  return { record };
}

/**
 * Reads the fields from a split key, as {@link tryReadFields}. Throws `KEY_DECODE` naming the field and byte offset
 * for unreadable bytes.
 */
export function readFields(parts: readonly CompiledPart[], key: Uint8Array, extents: Int32Array, template: string): Record<string, FieldValue> {
  const got = tryReadFields(parts, key, extents);
  if ('record' in got) return got.record;
  const { part, from, field, error } = got.failure;
  throw new HotspotError('KEY_DECODE', `key ${show(key)}, template "${template}": ${part.source} at byte ${from}: ${error}`, { field });
}
