/**
 * Where a rowkey's bytes stop telling one record from another: a `padBytes` field filled with a control byte (0x00)
 * whose values may end in that byte, and a text part of varying width followed directly by binary bytes, which may be
 * 0x00 or any byte a text value ends with. Both let two different records write one key, or a prefix scan read rows
 * of other values.
 *
 * @module
 */
import { equalBytes, toStringBinary, utf8Bytes } from '../../bytes/index.js';
import type { KeyDesign, KeyPartShape } from '../model.js';
import { isNumberField } from './key-scan.js';

/** Part kinds that write their inputs whole (or a digest of them): a key holding one tells apart values another part writes alike. */
const WHOLE_KINDS: ReadonlySet<string> = new Set(['field', 'reverse', 'md5', 'sha256']);

/** A byte as `0x00`. */
const hexByte = (b: number): string => `0x${b.toString(16).padStart(2, '0').toUpperCase()}`;

/** A text value as the message shows it: quoted, control characters as `\xNN`. */
const shown = (text: string): string => `"${toStringBinary(utf8Bytes(text))}"`;

/**
 * Why `part` (a `padBytes` filled with a control byte) writes two values of its last input alike, or `undefined`
 * when it does not: the value `ab` (the empty value when the width is under 3) and the same value followed by the
 * fill byte must encode to the same bytes, which the check itself encodes. Left alone: a part over a number field
 * (digits never end in a control byte), a space or other printable fill (Phoenix `CHAR`, whose trailing spaces mean
 * nothing by design), and a key that also writes the field whole elsewhere (`{padBytes(x,4,0)}\x01{x}`).
 */
export function fillCollision(k: KeyDesign, part: KeyPartShape): string | undefined {
  const width = part.fixedWidth;
  const field = part.inputs.at(-1);
  if (part.kind !== 'padBytes' || part.alphabet !== 'binary' || width === undefined || field === undefined) return undefined;
  if (part.inputs.some((f) => isNumberField(k, f))) return undefined;
  if (k.parts.some((o) => o !== part && WHOLE_KINDS.has(o.kind) && o.inputs.some((f) => part.inputs.includes(f)))) return undefined;
  const base: Record<string, string> = Object.fromEntries(part.inputs.map((f) => [f, '']));
  const shorter = width >= 3 ? 'ab' : '';
  let written: Uint8Array;
  let fill: number;
  try {
    fill = part.encode(base).at(-1) as number;
    written = part.encode({ ...base, [field]: shorter });
    const longer = part.encode({ ...base, [field]: shorter + String.fromCharCode(fill) });
    if (!equalBytes(written, longer)) return undefined;
  } catch {
    return undefined;
  }
  const longer = shorter + String.fromCharCode(fill);
  return (
    `${part.source} fills ${field} with ${hexByte(fill)} up to ${width} bytes: a value of ${field} that ends in ${hexByte(fill)} writes the same bytes as one without it ` +
    `(${shown(shorter)} and ${shown(longer)} both write ${toStringBinary(written)}), so two records write one key and it reads back as the shorter`
  );
}

/** True when `part` writes text of varying width whose values may hold any character (not a number's digits). */
function openText(k: KeyDesign, part: KeyPartShape): boolean {
  if (part.kind === 'literal' || part.fixedWidth !== undefined || part.alphabet !== 'text') return false;
  return !(part.inputs.length > 0 && part.inputs.every((f) => isNumberField(k, f)));
}

/**
 * One sentence for each text part of varying width that a binary part (`long`, `int`, `uint`, a Phoenix integer,
 * a `padBytes` with a control-byte fill) follows directly, with no literal between them: nothing marks where the
 * text ends. When a part of varying width comes later, two records can write one key (text `a` then a number whose
 * bytes start 0x00, and text `a\x00` then the same bytes one place on, the later part taking up the last byte);
 * otherwise only the key's length tells where the text ends, and a prefix scan for one value reads the rows of
 * every value that starts with it.
 */
export function binaryAfterText(k: KeyDesign): string[] {
  const out: string[] = [];
  k.parts.forEach((text, i) => {
    const next = k.parts[i + 1];
    if (next === undefined || next.kind === 'literal' || next.alphabet !== 'binary' || !openText(k, text)) return;
    const field = text.inputs.at(-1) ?? text.source;
    const later = k.parts.slice(i + 2).find((p) => p.fixedWidth === undefined);
    const head = `${text.source} has no fixed width and ${next.source} follows it directly with binary bytes (0x00 or any byte a value of ${field} may end with): nothing marks where ${field} ends`;
    out.push(
      later === undefined
        ? `${head}, so a prefix scan for ${field} "a" also reads the rows of ${field} "a\\x00…" and "ab…", and only the key's length tells them apart`
        : `${head}, so two records can write one key: ${field} "a" then ${next.source} starting \\x00, and ${field} "a\\x00" then ${next.source} holding the same bytes one place on, with ${later.source} one byte shorter`,
    );
  });
  return out;
}
