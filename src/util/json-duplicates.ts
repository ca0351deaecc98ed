/**
 * Repeated keys in one JSON object. `JSON.parse` keeps the last value of a key given twice (`{"writeRequests":5,
 * "writeRequests":7}` reads as 7), so a line that states a field twice would be read as if the earlier value were not
 * there; the NDJSON readers refuse it instead, naming the field.
 *
 * The check costs little on valid lines: it counts the key tokens of the text (each string followed by a colon,
 * found with `indexOf`, so a long array of numbers is passed over natively) and the keys of the parsed value, and
 * only when they differ walks the text again to name the repeated key's path.
 *
 * @module
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;

/** True for JSON whitespace (space, tab, line feed, carriage return). */
function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** The index of the quote closing the string opened at `open` in valid JSON `text` (escapes skipped). */
function stringEnd(text: string, open: number): number {
  let q = open;
  for (;;) {
    q = text.indexOf('"', q + 1);
    let backslashes = 0;
    for (let k = q - 1; text.charCodeAt(k) === BACKSLASH; k--) backslashes++;
    if (backslashes % 2 === 0) return q;
  }
}

/** The index of the first non-whitespace character at or after `from`. */
function skipSpace(text: string, from: number): number {
  let i = from;
  while (isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** How many object keys valid JSON `text` writes: its strings followed by a colon. */
function keyTokens(text: string): number {
  let n = 0;
  let open = text.indexOf('"');
  while (open >= 0) {
    const close = stringEnd(text, open);
    const next = skipSpace(text, close + 1);
    if (text.charCodeAt(next) === COLON) n++;
    open = text.indexOf('"', next);
  }
  return n;
}

/**
 * How many keys the objects of a parsed JSON value hold, nested ones included; walked with a list, not recursion, so
 * a value nested as deep as `JSON.parse` reads does not overflow the stack.
 */
function parsedKeys(value: unknown): number {
  let n = 0;
  const pending: object[] = [];
  if (value !== null && typeof value === 'object') pending.push(value);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (Array.isArray(next)) {
      for (let i = 0; i < next.length; i++) {
        const v: unknown = next[i];
        if (v !== null && typeof v === 'object') pending.push(v);
      }
      continue;
    }
    for (const key in next) {
      n++;
      const v = (next as Record<string, unknown>)[key];
      if (v !== null && typeof v === 'object') pending.push(v);
    }
  }
  return n;
}

/** A container open while walking the text: an object's keys so far and its current key, or an array's index. */
type Frame = { readonly keys: Set<string>; key: string } | { index: number };

/** The path of the current key of the innermost object, `regions[3].writeRequests` style (containers outermost first). */
function pathOf(frames: readonly Frame[]): string {
  let path = '';
  for (const f of frames) {
    if ('index' in f) path += `[${f.index}]`;
    else path += path === '' ? f.key : `.${f.key}`;
  }
  return path;
}

/** The path of the first key repeated within one object of valid JSON `text`; `undefined` when none is. */
function firstRepeated(text: string): string | undefined {
  const frames: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const close = stringEnd(text, i);
      const next = skipSpace(text, close + 1);
      const top = frames.at(-1);
      if (text.charCodeAt(next) === COLON && top !== undefined && 'keys' in top) {
        const raw = text.slice(i + 1, close);
        // keys are compared as the text they decode to ("a" and "\u0061" are one key)
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        top.key = key;
        if (top.keys.has(key)) return pathOf(frames);
        top.keys.add(key);
      }
      i = close;
    } else if (c === 0x7b) frames.push({ keys: new Set(), key: '' });
    else if (c === 0x5b) frames.push({ index: 0 });
    else if (c === 0x7d || c === 0x5d) frames.pop();
    else if (c === 0x2c) {
      const top = frames.at(-1);
      if (top !== undefined && 'index' in top) top.index++;
    }
  }
  return undefined;
}

/**
 * The path of a key given twice in one object of `text`, `regions[3].writeRequests` style (the outermost object's
 * keys bare, array elements by index), or `undefined` when every object states each key once.
 * @param text - valid JSON (the caller has parsed it).
 * @param parsed - what `JSON.parse(text)` returned.
 */
export function repeatedJsonKey(text: string, parsed: unknown): string | undefined {
  if (parsed === null || typeof parsed !== 'object') return undefined;
  return keyTokens(text) === parsedKeys(parsed) ? undefined : firstRepeated(text);
}
