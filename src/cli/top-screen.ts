/**
 * The full-screen form of `top` on a terminal: the alternate screen, cleared and redrawn at each refresh (lines cut
 * to the terminal's size, hot rows red), keys read raw from stdin: `q` or Ctrl-C quit, `m` switches mode, `s` the
 * sort measure. The terminal is restored however the loop ends.
 *
 * @module
 */
import { TOP_MODES, TOP_SORTS, type TopMode, type TopReader, type TopRefresh, type TopSort, buildView, renderTop, runTopLoop } from '../top/index.js';
import type { CliIo } from './io.js';

const ENTER = '\u001b[?1049h\u001b[?25l';
const LEAVE = '\u001b[?25h\u001b[?1049l';
const CLEAR = '\u001b[H\u001b[2J';
const KEYS = 'q quit  m mode  s sort';

/** What the screen shows and how it reads. */
export interface ScreenOptions {
  readonly read: TopReader;
  readonly what: string;
  readonly delayMs: number;
  readonly iterations?: number;
  readonly mode: TopMode;
  readonly sort: TopSort;
  readonly k: number;
  readonly limit?: number;
}

const next = <T>(list: readonly T[], value: T): T => list[(list.indexOf(value) + 1) % list.length] as T;

/**
 * Runs the screen until `q`, Ctrl-C or the last iteration.
 * @throws what the refresh loop throws (a non-transient reading error), after restoring the terminal.
 */
export async function runTopScreen(io: CliIo, options: ScreenOptions): Promise<void> {
  const stdin = process.stdin;
  const stop = new AbortController();
  let mode = options.mode;
  let sort = options.sort;
  let last: TopRefresh | undefined;
  let note = '';
  let frame: string[] = [];
  const draw = (): void => {
    const width = process.stdout.columns;
    const height = process.stdout.rows;
    const lines = last
      ? renderTop(buildView(mode, last.intervals, last.timeMs, last.intervalMs, { sort, k: options.k, ...(options.limit === undefined ? {} : { limit: options.limit }), ...(last.liveServers ? { liveServers: last.liveServers } : {}) }), { color: io.color ?? false, ...(width ? { maxWidth: width } : {}) })
      : [`reading ${options.what} every ${options.delayMs / 1000}s; the first rates come after one interval`];
    // Lines past the terminal's height are cut, and the last line kept says how many (hbtop scrolls; this says so).
    const room = height ? Math.max(1, height - 2) : lines.length;
    const shown = lines.length > room ? [...lines.slice(0, Math.max(0, room - 1)), `… ${lines.length - room + 1} more lines: a taller terminal, --limit N per table, or --batch`] : lines;
    frame = shown;
    io.stdout(`${CLEAR}${shown.join('\n')}\n\n${KEYS}${note ? `  (${note})` : ''}`);
  };
  const onKey = (data: Buffer): void => {
    const key = data.toString('utf8');
    if (key === 'q' || key === '\u0003') stop.abort(new Error('quit'));
    else if (key === 'm') mode = next(TOP_MODES, mode);
    else if (key === 's') sort = next(TOP_SORTS, sort);
    else return;
    if (!stop.signal.aborted) draw();
  };
  const onSigint = (): void => stop.abort(new Error('interrupted'));
  io.stdout(ENTER);
  stdin.setRawMode(true);
  stdin.on('data', onKey);
  stdin.resume();
  process.on('SIGINT', onSigint);
  process.stdout.on('resize', draw);
  try {
    draw();
    await runTopLoop({
      read: options.read, delayMs: options.delayMs, signal: stop.signal,
      ...(options.iterations === undefined ? {} : { iterations: options.iterations }),
      onRefresh: (refresh) => {
        last = refresh;
        note = '';
        draw();
      },
      onSkip: (err) => {
        note = `reading skipped: ${err.message}`;
        draw();
      },
    });
  } finally {
    process.stdout.off('resize', draw);
    process.off('SIGINT', onSigint);
    stdin.off('data', onKey);
    stdin.setRawMode(false);
    stdin.pause();
    io.stdout(LEAVE);
    // A run that ended on its own (--iterations) leaves its last view on the terminal, as `top -n` does.
    if (options.iterations !== undefined && !stop.signal.aborted && last) io.stdout(`${frame.join('\n')}\n`);
  }
}
