/**
 * `parseRunbook` checks the whole runbook before anything uses it: whatever it accepts renders as text and as a shell
 * script and goes through `fix apply` without a TypeError; whatever it refuses is `FIX_RUNBOOK_INVALID` naming the file
 * once and the field.
 */
import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { toBytesBinary } from '../../src/bytes/index.js';
import { applyRunbook, parseRunbook, renderApplyReport } from '../../src/fix/apply/index.js';
import { planFix, renderRunbookShell, renderRunbookText } from '../../src/fix/plan/index.js';
import { HotspotError } from '../../src/util/errors.js';
import { type Layout, repeat, steadySeries } from '../model/builders.js';

const rs = (n: number) => `rs${n}.example.com,16020,${n}`;
const layout: Layout[] = [['a', '', 'tenant0025', rs(1)], ['b', 'tenant0025', 'tenant0050', rs(2)], ['c', 'tenant0050', 'tenant0075', rs(3)], ['d', 'tenant0075', '', rs(4)]];
const load = steadySeries(layout, repeat(4, [100, 4000, 100, 100]));
const samples = Array.from({ length: 100 }, (_, i) => ({ timeMs: 600 * i, key: toBytesBinary(`tenant0042|user-${String((i * 37) % 100).padStart(3, '0')}`), op: 'write' as const }));
const book = planFix({ detect: detectHotspots(load, { samples }), samples, quotaLimit: '5000req/sec', servers: [rs(5)] });
const good = JSON.parse(JSON.stringify(book)) as Record<string, unknown>;

/** Every path in a JSON value, e.g. ['steps', 0, 'why']. */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = at.length > 0 ? [at] : [];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...at, i])));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...at, k]));
  return out;
}

/** A copy of `value` with the thing at `path` replaced (or deleted, for `undefined`). */
function mutate(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(value)) as Record<string | number, unknown>;
  let parent = copy;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (replacement === undefined && !Array.isArray(parent)) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

const REPLACEMENTS: unknown[] = [undefined, null, 0, 1.5, -1, '', 'x', true, [], [null], {}, { kind: 'x' }];

describe('parseRunbook: validated whole before use', () => {
  it('a runbook without evidence, refused or warnings, or with refused: [null], is refused naming the field', () => {
    for (const field of ['evidence', 'refused', 'warnings']) {
      expect(() => parseRunbook(JSON.stringify(mutate(good, [field], undefined)), 'r.json')).toThrow(expect.objectContaining({ code: 'FIX_RUNBOOK_INVALID', where: { file: 'r.json', field } }));
    }
    expect(() => parseRunbook(JSON.stringify({ ...good, refused: [null] }), 'r.json')).toThrow(expect.objectContaining({ where: { file: 'r.json', field: 'refused[0]' } }));
  });

  it('quotes a bad step kind cut short on one printable line (a kind nested 100,000 deep overflowed the stack)', () => {
    const kind = (value: string) => () => parseRunbook(JSON.stringify(good).replace(/"kind":"[a-z-]+"/, `"kind":${value}`), 'r.json');
    const refusal = (message: string) => expect.objectContaining({ code: 'FIX_RUNBOOK_INVALID', where: { file: 'r.json', field: 'steps[0].kind' }, message });
    expect(kind(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toThrow(refusal(`r.json (steps[0].kind): ${'['.repeat(40)}… is not a step kind; give the JSON that \`hbase-hotspot fix plan --json\` printed`));
    // Before: "[object Object]", and an escape sequence and a line break went to the terminal as they were.
    expect(kind('{"a":1}')).toThrow(refusal('r.json (steps[0].kind): {"a":1} is not a step kind; give the JSON that `hbase-hotspot fix plan --json` printed'));
    expect(kind('"\\u001b[31mred\\nx"')).toThrow(refusal('r.json (steps[0].kind): "\\u001b[31mred\\nx" is not a step kind; give the JSON that `hbase-hotspot fix plan --json` printed'));
  });

  it('refuses a field given twice in one object, naming it (JSON.parse would keep the last, unseen)', () => {
    const text = JSON.stringify(good).replace('"commands":[', '"commands":["balance_switch false"],"commands":[');
    expect(() => parseRunbook(text, 'r.json')).toThrow(expect.objectContaining({
      code: 'FIX_RUNBOOK_INVALID', where: { file: 'r.json', field: 'steps[0].commands' },
      message: 'r.json (steps[0].commands): given twice in one object (JSON keeps only the last value); state each field once',
    }));
  });

  it('text that is not one JSON document is refused at its line and column (before: only JSON.parse\'s position)', () => {
    const line = JSON.stringify(good);
    // NDJSON: two runbooks, one a line; the second starts at line 2, column 1
    const ndjson = `${line}\n${line}\n`;
    let thrown: HotspotError | undefined;
    try {
      parseRunbook(ndjson, 'r.ndjson');
    } catch (e) {
      thrown = e as HotspotError;
    }
    expect([thrown?.code, thrown?.where]).toEqual(['FIX_RUNBOOK_INVALID', { file: 'r.ndjson', line: 2, column: 1 }]);
    expect(thrown?.message).toMatch(/^r\.ndjson:2:1: not JSON \(/);
    // cut short on its third line, after `{\n  "format": "x",\n  "table": ` (column 12): where the text ends
    expect(() => parseRunbook('{\n  "format": "x",\n  "table": ', 'r.json')).toThrow(expect.objectContaining({ code: 'FIX_RUNBOOK_INVALID', where: { file: 'r.json', line: 3, column: 12 } }));
  });

  it('names the file once', () => {
    for (const text of ['{', 'null', '{"format":"x"}', JSON.stringify({ ...good, warnings: [1] })]) {
      let message = '';
      try {
        parseRunbook(text, 'r.json');
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message.split('r.json')).toHaveLength(2);
    }
  });

  it('every mutation of a real runbook is refused with FIX_RUNBOOK_INVALID, or renders and applies (dry run) without error', async () => {
    let accepted = 0;
    let refused = 0;
    for (const path of paths(good)) {
      for (const r of REPLACEMENTS) {
        const text = JSON.stringify(mutate(good, path, r));
        let parsed;
        try {
          parsed = parseRunbook(text, 'r.json');
        } catch (e) {
          expect(e).toBeInstanceOf(HotspotError);
          expect((e as HotspotError).code).toBe('FIX_RUNBOOK_INVALID');
          refused++;
          continue;
        }
        accepted++;
        renderRunbookText(parsed);
        renderRunbookShell(parsed);
        const report = await applyRunbook(parsed, { execute: false, runShell: async () => { throw new Error('dry run'); } });
        renderApplyReport(report);
      }
    }
    expect(refused).toBeGreaterThan(accepted);
    expect(accepted).toBeGreaterThan(0);
  });
});
