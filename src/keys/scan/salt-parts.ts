/**
 * What scan planning needs to know about salt-like parts: which are computed over the key bytes that follow them
 * (the compatibility salts) rather than over their own inputs, which fields such a salt covers, and every prefix a
 * complete scan must visit.
 */
import { hbasewdStrayPrefix } from '../compat/index.js';
import type { KeyPart, RowkeyTemplate } from '../types.js';

/** Salts computed over the rest of the key (Phoenix, HBaseWD, OpenTSDB), as opposed to `salt(x, N)`/`bucket(x, N)`. */
export function isFollowingSalt(part: KeyPart): boolean {
  return part.kind === 'phoenixSalt' || part.kind === 'hbasewdPrefix' || part.kind === 'opentsdbSalt';
}

/** A salt-like part: it has a bucket count and the bytes of each bucket. */
export function isSaltPart(part: KeyPart): part is KeyPart & { buckets: number; bucketBytes(bucket: number): Uint8Array } {
  return part.buckets !== undefined && part.bucketBytes !== undefined;
}

/**
 * The fields a salt part's value depends on. For a following-bytes salt: the inputs of every later part, except,
 * for `opentsdbSalt`, the time-ordered parts (OpenTSDB leaves the base time out of the salt).
 */
export function saltInputs(template: RowkeyTemplate, index: number): readonly string[] {
  const part = template.parts[index] as KeyPart;
  if (!isFollowingSalt(part)) return part.inputs;
  const fields = new Set<string>();
  for (const later of template.parts.slice(index + 1)) {
    if (part.kind === 'opentsdbSalt' && later.order !== 'none') continue;
    for (const f of later.inputs) fields.add(f);
  }
  return [...fields];
}

/** The prefixes a complete scan must read for an unknown salt: bucket 0..N-1, plus HBaseWD's stray byte. */
export function allSaltPrefixes(part: KeyPart & { buckets: number; bucketBytes(bucket: number): Uint8Array }): { bucket: number; bytes: Uint8Array }[] {
  const out: { bucket: number; bytes: Uint8Array }[] = [];
  for (let b = 0; b < part.buckets; b++) out.push({ bucket: b, bytes: part.bucketBytes(b) });
  const stray = part.kind === 'hbasewdPrefix' ? hbasewdStrayPrefix(part.buckets) : undefined;
  if (stray !== undefined) out.push({ bucket: stray, bytes: Uint8Array.of(stray) });
  return out;
}
