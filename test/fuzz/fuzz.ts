/**
 * The fuzz harness: each parser runs on mutated fixtures and generated text, and may only return or throw the
 * product's typed {@link HotspotError}; no input may take over 2 s. `npm test` runs a small count per parser;
 * `HBASE_HOTSPOT_FUZZ_RUNS=1000000` runs that many per parser on demand and prints the figures per parser.
 */
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { HotspotError } from '../../src/util/errors.js';

/** Inputs per parser and input kind: 150 by default, `HBASE_HOTSPOT_FUZZ_RUNS` on demand. */
export const RUNS = Number(process.env['HBASE_HOTSPOT_FUZZ_RUNS'] ?? 150);
/**
 * The longest any one input may take, in CPU time of this process (user + system): on a shared machine the wall clock
 * also counts the time other processes held the cores. The slowest wall time is reported beside it.
 */
export const SLOW_MS = 2000;
const ON_DEMAND = process.env['HBASE_HOTSPOT_FUZZ_RUNS'] !== undefined;

/** Text that has broken a parser before: nesting, references, aliases, huge numbers and widths, invisible characters. */
const NASTY = [
  '{', '}', '[', ']', '(', ')', '"', "'", '\\', '\n', '\r\n', '\t', '\u0000', '\uFEFF', '\uFFFD', '\u2028', '&#9223808;', '&#x110000;',
  '&constructor;', '*a', '&a ', ': ', '- ', '? ', '#', ',', '=>', '%0100000000d', '%09254740993d', '9'.repeat(400), '1e308', '-1', 'NaN',
  'null', '__proto__', 'constructor', 'toString', ' '.repeat(300), 'concat(', '\\x', '\\xZZ', '%', '{{{{{{{{', '[[[[[[[[', 'concat(concat(concat(',
  '9007199254740993', '0.5', '"__proto__"', '<a>', '</a>', '<![CDATA[', '<!--', 'export HBASE_OPTS="', '-Xmx', 'SPLITS => [',
];

type Op = { kind: 'insert'; at: number; text: string } | { kind: 'delete'; at: number; len: number } | { kind: 'repeat'; at: number; len: number; times: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.oneof(fc.constantFrom(...NASTY), fc.string({ unit: 'binary', maxLength: 8 })) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), len: fc.nat({ max: 40 }) }),
  fc.record({ kind: fc.constant('repeat' as const), at: fc.nat(), len: fc.integer({ min: 1, max: 30 }), times: fc.integer({ min: 2, max: 400 }) }),
);

function apply(seed: string, ops: readonly Op[]): string {
  let text = seed;
  for (const o of ops) {
    const at = text.length === 0 ? 0 : o.at % (text.length + 1);
    if (o.kind === 'insert') text = text.slice(0, at) + o.text + text.slice(at);
    else if (o.kind === 'delete') text = text.slice(0, at) + text.slice(at + o.len);
    else text = text.slice(0, at) + text.slice(at, at + o.len).repeat(o.times) + text.slice(at + o.len);
  }
  return text;
}

/** A fixture with one to six mutations: inserted nasty or random text, deleted spans, a span repeated many times. */
export function mutated(seeds: readonly string[]): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom(...seeds), fc.array(op, { minLength: 1, maxLength: 6 })).map(([seed, ops]) => apply(seed, ops));
}

/** Generated text: random characters, nasty tokens glued together, and JSON of any shape. */
export const generated: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.array(fc.constantFrom(...NASTY), { maxLength: 40 }).map((parts) => parts.join('')),
  fc.json({ maxDepth: 6 }),
);

/** True when every number in `value` (deep) is finite. */
export function allFinite(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'number' && !Number.isFinite(v)) return false;
    if (v instanceof Map) stack.push(...v.values());
    else if (ArrayBuffer.isView(v)) continue;
    else if (typeof v === 'object' && v !== null) stack.push(...Object.values(v));
  }
  return true;
}

interface Figures { inputs: number; typed: number; accepted: number; slowest: number; slowestWall: number; slowestInput: string }
const figures = new Map<string, Figures>();
afterAll(() => {
  if (!ON_DEMAND) return;
  // Parsers a name filter (-t) left out ran no input and are not listed.
  const ran = [...figures].filter(([, f]) => f.inputs > 0);
  console.log(`fuzz figures (${RUNS} per input kind):\n${ran.map(([name, f]) => figureLine(name, f)).join('\n')}`);
});

function figureLine(name: string, f: Figures): string {
  return `${name.padEnd(28)} ${String(f.inputs).padStart(9)} inputs  ${String(f.accepted).padStart(9)} accepted  ${String(f.typed).padStart(9)} typed errors  0 untyped  slowest ${f.slowest.toFixed(1)} ms CPU (${f.slowestWall.toFixed(1)} ms wall)`;
}

/** CPU milliseconds (user + system, every thread of the process: the garbage collector's helpers too) of one call. */
function cpuMsOf(call: () => void): number {
  const cpu0 = process.cpuUsage();
  call();
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / 1000;
}

/**
 * The slowest input again, alone, three times: the process's CPU time counts the garbage collector's threads, so one
 * input can be charged a collection that the inputs before it made. Its length, an excerpt, and the best of three.
 */
function slowestAgain(f: Figures, run: (input: string) => unknown): string {
  const input = f.slowestInput;
  const once = () => {
    try {
      run(input);
    } catch {
      // typed or not, it was checked the first time
    }
  };
  const best = Math.min(cpuMsOf(once), cpuMsOf(once), cpuMsOf(once));
  const excerpt = JSON.stringify(input.length > 120 ? `${input.slice(0, 120)}…` : input);
  return `slowest input (${input.length} characters, ${excerpt}) run again alone: ${best.toFixed(1)} ms CPU, best of 3`;
}

/**
 * An input that once took too long, run once under the same rule as the fuzzed ones: it returns or throws a
 * HotspotError, within {@link SLOW_MS} of CPU time.
 */
export function slowInputStaysFast(name: string, why: string, input: string, run: (input: string) => unknown): void {
  it(`${name}: ${why}`, () => {
    const ms = cpuMsOf(() => {
      try {
        run(input);
      } catch (err) {
        if (!(err instanceof HotspotError)) throw err;
      }
    });
    expect(ms).toBeLessThanOrEqual(SLOW_MS);
  });
}

/**
 * One fuzz property: `run` on `RUNS` mutated fixtures and `RUNS` generated inputs. `run` may return (its result is
 * checked by `check`) or throw a HotspotError; anything else, or an input over {@link SLOW_MS}, fails with the input.
 */
export function fuzzParser(name: string, seeds: readonly string[], run: (input: string) => unknown, check: (result: unknown) => void = () => undefined): void {
  const f: Figures = { inputs: 0, typed: 0, accepted: 0, slowest: 0, slowestWall: 0, slowestInput: '' };
  figures.set(name, f);
  const property = fc.property(fc.oneof(mutated(seeds), generated), (input) => {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    let result: unknown;
    let threw = false;
    try {
      result = run(input);
    } catch (err) {
      threw = true;
      if (!(err instanceof HotspotError)) throw err;
      expect(typeof err.code).toBe('string');
      f.typed++;
    }
    const cpu = process.cpuUsage(cpu0);
    const ms = (cpu.user + cpu.system) / 1000;
    f.slowestWall = Math.max(f.slowestWall, performance.now() - t0);
    f.inputs++;
    if (ms > f.slowest) {
      f.slowest = ms;
      f.slowestInput = input;
    }
    if (ms > SLOW_MS) throw new Error(`${name}: an input took ${ms.toFixed(0)} ms of CPU (over ${SLOW_MS} ms)`);
    if (!threw) {
      f.accepted++;
      check(result);
    }
  });
  it(`${name}: only typed errors, no input over ${SLOW_MS / 1000} s`, () => {
    const started = performance.now();
    fc.assert(property, { numRuns: 2 * RUNS, ...(process.env['HBASE_HOTSPOT_FUZZ_SEED'] ? { seed: Number(process.env['HBASE_HOTSPOT_FUZZ_SEED']) } : {}) });
    // On demand each parser's figures are printed as soon as it is done (a long run stopped part way keeps them).
    if (ON_DEMAND) console.log(`${figureLine(name, f)}  (${((performance.now() - started) / 1000).toFixed(0)} s)\n  ${slowestAgain(f, run)}`);
  }, ON_DEMAND ? 24 * 3600 * 1000 : 60_000);
}
