/**
 * Splitting pasted shell text into captures and giving each its time.
 *
 * Convention: a line `# at <ISO 8601 time with zone>` (e.g. `# at 2026-11-30T08:00:00Z`) starts a capture taken at
 * that time; a file may hold several. A file without such lines is one capture, and its time comes from
 * `--interval`: the last capture is at the last file's modification time, each earlier one an interval before.
 * Shell noise is skipped: prompts (`hbase:001:0> …`), `Took N seconds` and `=> …` return values.
 *
 * @module
 */
import { HotspotError } from '../../util/errors.js';
import { parseTimeMs } from '../../util/duration.js';
import { type TextIssue, TextFormatError } from './text-error.js';

/** The lines of one capture. */
export interface TextCapture {
  /** File name, for messages. */
  readonly file: string;
  /** Line of the `# at` header, or of the first content line when there is none. */
  readonly line: number;
  /** Capture time from the `# at` header, epoch ms; `undefined` without a header. */
  readonly timeMs: number | undefined;
  /** Content lines with their 1-based numbers, noise removed, trailing `\r` dropped. */
  readonly lines: readonly (readonly [number, string])[];
}

const AT_RE = /^#\s*at\s+(\S+)\s*$/;
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const NOISE_RE = [/^hbase(?:\([^)]*\))?:\d+:\d+>/, /^Took \d+(?:\.\d+)? seconds?\s*$/, /^=> /];

/**
 * Splits `text` into captures at `# at` lines.
 * @throws {@link TextFormatError} `CAPTURE_TIME_INVALID` listing every `# at` line whose time is not ISO 8601 with a
 *   zone, or not after the previous capture's.
 */
export function splitCaptures(text: string, file: string): TextCapture[] {
  const captures: { line: number; timeMs: number | undefined; lines: [number, string][] }[] = [];
  const issues: TextIssue[] = [];
  let current: (typeof captures)[number] | undefined;
  let lastTime: number | undefined;
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    const content = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const at = AT_RE.exec(content.trim());
    if (at?.[1] !== undefined) {
      const timeMs = ISO_RE.test(at[1]) ? parseTimeMs(at[1]) : Number.NaN;
      if (Number.isNaN(timeMs)) issues.push({ line, message: `"${at[1]}" is not an ISO 8601 time with a zone, or names a day or time that does not exist; write e.g. "# at 2026-11-30T08:00:00Z"` });
      else if (lastTime !== undefined && timeMs <= lastTime) issues.push({ line, message: `capture time ${at[1]} is not after the previous capture's; captures must be in time order` });
      else lastTime = timeMs;
      current = { line, timeMs: Number.isNaN(timeMs) ? undefined : timeMs, lines: [] };
      captures.push(current);
      return;
    }
    if (content.trim() === '' || NOISE_RE.some((re) => re.test(content.trim()))) return;
    if (!current) {
      current = { line, timeMs: undefined, lines: [] };
      captures.push(current);
    }
    current.lines.push([line, content]);
  });
  if (issues.length > 0) throw new TextFormatError('CAPTURE_TIME_INVALID', file, 'capture headers', issues);
  return captures.filter((c) => c.lines.length > 0 || c.timeMs !== undefined).map((c) => ({ file, ...c }));
}

/** How times are given to captures without a `# at` header. */
export interface CaptureTiming {
  /** Spacing of header-less captures, ms (`--interval`). */
  readonly intervalMs?: number;
  /** Time of the last capture when none has a header, epoch ms (the last file's modification time). */
  readonly lastTimeMs: number;
}

/**
 * The time of every capture, in order: all from their `# at` headers, or (when none has one) spaced by
 * `intervalMs` and ending at `lastTimeMs`.
 * @throws {@link HotspotError} `CAPTURE_TIME_MIXED` when some captures have headers and others not;
 *   `CAPTURE_TIME_MISSING` with no headers and no interval; `CAPTURE_TIME_ORDER` when headed captures of several
 *   files are out of order.
 */
export function captureTimes(captures: readonly TextCapture[], timing: CaptureTiming): number[] {
  const without = captures.filter((c) => c.timeMs === undefined);
  if (without.length === 0) {
    const times = captures.map((c) => c.timeMs as number);
    times.forEach((t, i) => {
      const before = times[i - 1];
      const c = captures[i];
      if (before !== undefined && t <= before && c) {
        throw new HotspotError('CAPTURE_TIME_ORDER', `the capture at line ${c.line} is not later than the one before it (${new Date(before).toISOString()}); give the files in time order`, { file: c.file, line: c.line });
      }
    });
    return times;
  }
  if (without.length < captures.length) {
    const c = without[0] as TextCapture;
    throw new HotspotError('CAPTURE_TIME_MIXED', 'this capture has no "# at <time>" line while others have one; put a "# at 2026-11-30T08:00:00Z" line before every capture, or before none and give --interval', { file: c.file, line: c.line });
  }
  if (timing.intervalMs === undefined) {
    const c = captures[0];
    throw new HotspotError('CAPTURE_TIME_MISSING', 'the captures carry no "# at <time>" line; put one before each capture (e.g. "# at 2026-11-30T08:00:00Z") or give --interval (e.g. --interval 60s) for the time between them', c ? { file: c.file, line: c.line } : {});
  }
  const step = timing.intervalMs;
  return captures.map((_, i) => timing.lastTimeMs - (captures.length - 1 - i) * step);
}
