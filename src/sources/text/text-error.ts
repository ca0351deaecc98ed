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
