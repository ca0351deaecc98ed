/** Text functions: `concat(a, "lit", b, ...)` and `reverse(x)` (Java's `StringBuilder.reverse`). */
import type { KeyRecord, PartAlphabet } from '../types.js';
import { hashText, textArg } from './args.js';
import type { CompiledCall, FunctionDescriptor, TextExpr } from './descriptor.js';

/**
 * Reverses a string by Unicode code points, as Java's `StringBuilder.reverse()` does: a surrogate pair stays in order
 * (so an emoji survives), unpaired surrogates are reversed like any other code unit.
 */
export function reverseCodePoints(text: string): string {
  let out = '';
  for (let i = text.length - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff && i > 0) {
      const high = text.charCodeAt(i - 1);
      if (high >= 0xd800 && high <= 0xdbff) {
        out += text[i - 1] as string;
        out += text[i] as string;
        i--;
        continue;
      }
    }
    out += text[i] as string;
  }
  return out;
}

function commonAlphabet(parts: readonly TextExpr[]): PartAlphabet {
  const first = parts[0]?.alphabet ?? 'text';
  return parts.every((p) => p.alphabet === first) ? first : 'text';
}

/** Builds the text expression for `concat` from its pieces (string literals are already text expressions). */
export function concatExprs(pieces: readonly TextExpr[]): Omit<CompiledCall, 'recover'> {
  const widths = pieces.map((p) => p.fixedWidth);
  const inputs = [...new Set(pieces.flatMap((p) => p.inputs))];
  return {
    inputs,
    fixedWidth: widths.every((w) => w !== undefined) ? widths.reduce<number>((a, w) => a + (w ?? 0), 0) : undefined,
    alphabet: commonAlphabet(pieces),
    order: 'none',
    text: (record: KeyRecord) => pieces.map((p) => p.text(record)).join(''),
    hash(record: KeyRecord, h: number) {
      let out = h;
      for (const p of pieces) out = p.hash(record, out);
      return out;
    },
    write(record, out) {
      for (const p of pieces) p.write(record, out);
    },
  };
}

/** `concat(a, "lit", b, ...)`: the pieces' text joined, hashed as one Java string. */
export const concatFunction: FunctionDescriptor = {
  name: 'concat',
  kind: 'concat',
  summary: 'the text of every argument joined',
  args: [{ name: 'first', kind: 'text' }],
  variadic: 'text',
  output: 'text',
  oneWay: false,
  compile: (site) => concatExprs(site.args.map((_, i) => textArg(site, i))),
};

/** `reverse(x)`: x reversed by code points (`new StringBuilder(x).reverse()`), e.g. `www.google.com` → `moc.elgoog.www`. */
export const reverseFunction: FunctionDescriptor = {
  name: 'reverse',
  kind: 'reverse',
  summary: 'x reversed by code points (StringBuilder.reverse), e.g. reversed domains',
  args: [{ name: 'x', kind: 'text' }],
  output: 'text',
  oneWay: false,
  compile(site) {
    const x = textArg(site, 0);
    const text = (record: KeyRecord) => reverseCodePoints(x.text(record));
    const inner = x.recoverText?.bind(x);
    return {
      inputs: x.inputs,
      fixedWidth: x.fixedWidth,
      alphabet: x.alphabet,
      order: 'none',
      text,
      hash: (record, h) => hashText(text(record), h),
      write: (record, out) => out.writeUtf8(text(record)),
      ...(inner ? { recoverText: (t: string) => inner(reverseCodePoints(t)) } : {}),
    };
  },
};

/** The text family. */
export const textFunctions: readonly FunctionDescriptor[] = [concatFunction, reverseFunction];
