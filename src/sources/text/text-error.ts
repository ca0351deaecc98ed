/**
 * Errors of the text sources: every malformed line of a pasted `list_regions` or `status 'detailed'` output,
 * reported together with its line number.
 *
 * @module
 */
import { HotspotError } from '../../util/errors.js';

/** One problem in a pasted shell output. */
export interface TextIssue {
  /** 1-based line number in the file. */
  readonly line: number;
  /** What is wrong and how to fix it. */
  readonly message: string;
}

/**
 * Why `text` is not a counter a shell output may hold: a whole number ≥ 0 and at most 2^53 - 1 (`max`, e.g. a size
 * in MB whose bytes must stay below 2^53); `undefined` when it is one. Past 2^53 a double loses increments, and 400
 * digits would be Infinity.
 */
export function counterProblem(text: string, max = Number.MAX_SAFE_INTEGER): string | undefined {
  if (!/^\d+$/.test(text)) return 'not a whole number';
  return Number(text) > max ? `past ${max === Number.MAX_SAFE_INTEGER ? '2^53 - 1' : max}, where counts lose increments` : undefined;
}

/** `text` cut to 40 characters for a message. */
export function excerpt(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** How many issues the message spells out; all stay in {@link TextFormatError.issues}. */
const SHOWN = 20;

/**
 * A pasted shell output with malformed lines. `where` points at the first one; `issues` lists them all in line
 * order. Codes: `LIST_REGIONS_MALFORMED`, `STATUS_DETAILED_MALFORMED`, `CAPTURE_TIME_INVALID`.
 */
export class TextFormatError extends HotspotError {
  override readonly name = 'TextFormatError';
  /** Every problem found, in line order. */
  readonly issues: readonly TextIssue[];

  constructor(code: string, file: string, what: string, issues: readonly TextIssue[]) {
    const sorted = [...issues].sort((a, b) => a.line - b.line);
    const shown = sorted.slice(0, SHOWN).map((i) => `  line ${i.line}: ${i.message}`);
    if (sorted.length > SHOWN) shown.push(`  … and ${sorted.length - SHOWN} more`);
    const first = sorted[0];
    super(code, `${sorted.length} malformed line(s) in ${what}; see docs/live.md\n${shown.join('\n')}`, first ? { file, line: first.line } : { file });
    this.issues = sorted;
  }
}
