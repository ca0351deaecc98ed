/**
 * Places in text for error messages: where JSON text stops being valid ({@link jsonErrorOffset}), and the line and
 * column of an offset ({@link lineColumn}). `JSON.parse` names a position for some mistakes only ("Unexpected token" has
 * none in Node 20).
 *
 * @module
 */

const VALUE_START = /^(?:"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/;

/**
 * Character offset of the first byte that makes `text` invalid JSON (`text.length` when it ends too early);
 * `undefined` when the text is valid.
 */
export function jsonErrorOffset(text: string): number | undefined {
  let i = 0;
  // Expectation stack: what may come next in each open container.
  const stack: ('obj' | 'arr')[] = [];
  let expect: 'value' | 'key' | 'colon' | 'after' | 'firstKey' | 'firstValue' = 'value';
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  for (;;) {
    ws();
    if (i >= text.length) return expect === 'after' && stack.length === 0 ? undefined : text.length;
    const ch = text[i] as string;
    if (expect === 'after') {
      const top = stack[stack.length - 1];
      if (top === undefined) return i;
      if (ch === ',') { i++; expect = top === 'obj' ? 'key' : 'value'; continue; }
      if ((top === 'obj' && ch === '}') || (top === 'arr' && ch === ']')) { i++; stack.pop(); continue; }
      return i;
    }
    if (expect === 'colon') {
      if (ch !== ':') return i;
      i++;
      expect = 'value';
      continue;
    }
    if (expect === 'firstKey' && ch === '}') { i++; stack.pop(); expect = 'after'; continue; }
    if (expect === 'firstValue' && ch === ']') { i++; stack.pop(); expect = 'after'; continue; }
    if (expect === 'key' || expect === 'firstKey') {
      const m = ch === '"' ? VALUE_START.exec(text.slice(i)) : null;
      if (m === null) return i;
      i += m[0].length;
      expect = 'colon';
      continue;
    }
    if (ch === '{') { i++; stack.push('obj'); expect = 'firstKey'; continue; }
    if (ch === '[') { i++; stack.push('arr'); expect = 'firstValue'; continue; }
    const m = VALUE_START.exec(text.slice(i));
    if (m === null) return i;
    i += m[0].length;
    expect = 'after';
  }
}

/** 1-based line and column of character offset `at` in `text` (an offset past the end counts as the end). */
export function lineColumn(text: string, at: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(at, text.length)));
  return { line: before.split('\n').length, column: at - before.lastIndexOf('\n') };
}

/**
 * 1-based line and column where `text` stops being valid JSON (its end when it ends too early), for the place of
 * a `JSON.parse` error; `undefined` when the text is valid JSON.
 */
export function jsonSyntaxPlace(text: string): { line: number; column: number } | undefined {
  const at = jsonErrorOffset(text);
  return at === undefined ? undefined : lineColumn(text, at);
}
