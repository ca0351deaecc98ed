/**
 * Numbers typed as option values, read in plain decimal notation only. `Number(text)` alone also takes `0x10`,
 * `0b11`, `0o7`, `1e3`, `Infinity` and blank text (as 0), none of which a user means as a count or a rate; each option
 * parser reads its text with these functions and keeps its own error code and message for `undefined`.
 *
 * Accepted: optional blanks around, then decimal digits with an optional fraction (`3`, `2.5`, `.5`, ` 4 `). Refused:
 * a sign (`+3`, `-1`: no option takes a negative value, and the callers' messages give the range), an exponent
 * (`1e3`, `1.5e3`), radix prefixes, `Infinity`, `NaN`, digit separators, and empty or blank text.
 *
 * @module
 */

const DECIMAL = /^\s*(?:\d+(?:\.\d*)?|\.\d+)\s*$/;
const WHOLE = /^\s*\d+\s*$/;

/**
 * Reads a non-negative number written in plain decimal notation (see the module comment for what is accepted).
 * @returns the number, or `undefined` when `text` is anything else (the caller throws its own error).
 */
export function decimalNumber(text: string): number | undefined {
  return DECIMAL.test(text) ? Number(text) : undefined;
}

/**
 * Reads a whole number written as decimal digits only (blanks around allowed; no sign, fraction or exponent),
 * no larger than `Number.MAX_SAFE_INTEGER`.
 * @returns the number, or `undefined` when `text` is anything else (the caller throws its own error).
 */
export function wholeDecimal(text: string): number | undefined {
  if (!WHOLE.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}
