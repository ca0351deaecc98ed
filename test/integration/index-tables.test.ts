// Secondary indexes against the real HBase through the REST gateway: concurrent writers update and delete rows while
// lookups return only rows the writers' committed history allows; a crash between the index write and the main write
// leaves an orphan that `index check` finds and `index check --repair --yes` removes, and no correct entry goes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HBaseRestClient, createRestClient } from '../../src/hbase/rest/index.js';
import { IndexedTable } from '../../src/index-tables/indexed-table.js';
import { createRng } from '../../src/simulate/rng.js';
import { runCapture } from '../cli/run-cli.js';
import { byCityIndex, createIndexedTables, indexEntries as indexEntriesOf } from './index-env.js';
import { restUnavailable, restUrl, uniqueTable } from './rest-env.js';

const WRITERS = 4;
const ROUNDS = 2;
const OPS_PER_WRITER = 20;
const ROWS = 16;
const CITIES = ['ams', 'ber', 'cph', 'dub'];

const enc = new TextEncoder();
const dec = new TextDecoder();
const main = uniqueTable('ix_main');
const indexTable = uniqueTable('ix_city');
const def = byCityIndex(main, indexTable);

let skip: string | undefined;
let rest: HBaseRestClient;

beforeAll(async () => {
  skip = await restUnavailable();
  if (skip) return;
  rest = createRestClient({ baseUrl: restUrl(), timeoutMs: 30_000 });
  await createIndexedTables(rest, def);
});

afterAll(async () => {
  if (skip) return;
  for (const t of [main, indexTable]) await rest.deleteTable(t).catch(() => undefined);
});

/** One committed operation on a row: its HBase timestamp, the city it left (null: deleted), when it started and ended. */
interface Op { ts: number; city: string | null; start: number; end: number }

/** The city a row holds after every op that ended by `at`: the one with the highest timestamp wins, as in HBase. */
function cityAt(history: readonly Op[], at: number): string | null {
  let best: Op | undefined;
  for (const op of history) if (op.end <= at && (!best || op.ts > best.ts)) best = op;
  return best?.city ?? null;
}

const indexEntries = (): Promise<Set<string>> => indexEntriesOf(rest, indexTable);

describe('secondary index against the real HBase', () => {
  it('keeps lookups current under concurrent writers, and check/repair removes a crash orphan only', async (ctx) => {
    if (skip) return ctx.skip(skip);
    const started = performance.now();
    const table = new IndexedTable(rest, main, [def]);
    const history = new Map<string, Op[]>(Array.from({ length: ROWS }, (_, i) => [`u${String(i).padStart(2, '0')}`, []]));
    const rowNames = [...history.keys()];
    const violations: string[] = [];
    let lookups = 0;

    /** A lookup's hit is allowed when some op on the row setting that city started before the lookup ended and no op
     *  with a later timestamp had ended before it started; a row that held the city throughout must be returned. */
    const checkLookup = (city: string, hits: readonly string[], start: number, end: number): void => {
      for (const row of hits) {
        const ops = history.get(row) ?? [];
        const ok = ops.some((op) => op.city === city && op.start < end && !ops.some((later) => later.ts > op.ts && later.end <= start));
        if (!ok) violations.push(`lookup ${city} returned ${row}, which never held it during the lookup`);
      }
      for (const [row, ops] of history) {
        const steady = cityAt(ops, start) === city && !ops.some((op) => op.start < end && op.end > start);
        if (steady && !hits.includes(row)) violations.push(`lookup ${city} missed ${row}, which held it throughout`);
      }
    };
    // Lookups are judged once every op of the round has ended: an op still running when a lookup ends is in the
    // history only then.
    let pending: (() => void)[] = [];
    const lookup = async (city: string): Promise<void> => {
      const start = performance.now();
      const hits = (await table.lookup('by_city', { city })).map((h) => dec.decode(h.key));
      const end = performance.now();
      pending.push(() => checkLookup(city, hits, start, end));
      lookups++;
    };

    for (let round = 0; round < ROUNDS; round++) {
      let writing = WRITERS;
      const writers = Array.from({ length: WRITERS }, async (_, w) => {
        const rng = createRng(round * 100 + w);
        for (let n = 0; n < OPS_PER_WRITER; n++) {
          const row = rowNames[Math.floor(rng.next() * ROWS)] ?? 'u00';
          const start = performance.now();
          if (rng.next() < 0.2) {
            const ts = await table.delete(enc.encode(row));
            if (ts !== undefined) history.get(row)?.push({ ts, city: null, start, end: performance.now() });
          } else {
            const city = CITIES[Math.floor(rng.next() * CITIES.length)] ?? 'ams';
            const ts = await table.put(enc.encode(row), { city, name: `${row}-${round}-${n}` });
            history.get(row)?.push({ ts, city, start, end: performance.now() });
          }
        }
        writing--;
      });
      const reader = (async () => {
        for (let i = 0; writing > 0; i++) await lookup(CITIES[i % CITIES.length] ?? 'ams');
      })();
      await Promise.all([...writers, reader]);
      for (const judge of pending) judge();
      pending = [];
      // Writers stopped: every lookup must be exactly the truth.
      for (const city of CITIES) await lookup(city);
      for (const judge of pending) judge();
      pending = [];
    }
    expect(violations).toEqual([]);
    expect(lookups).toBeGreaterThan(ROUNDS * CITIES.length);

    // The truth after the writers, computed from the history alone, and the entries it calls for.
    const truth = new Map(rowNames.map((r) => [r, cityAt(history.get(r) ?? [], Infinity)]));
    const correct = new Set([...truth].filter(([, c]) => c !== null).map(([r, c]) => `${c}|${r} -> ${r}`));

    // A writer crashes after the index write, before the main write: an orphan entry for a city the row never had.
    const victim = [...truth].find(([, c]) => c !== null)?.[0] ?? 'u00';
    const crashing = new IndexedTable(rest, main, [def], { onStep: (step) => { if (step === 'index-written') throw new Error('crash'); } });
    await expect(crashing.put(enc.encode(victim), { city: 'zzz', name: 'never' })).rejects.toThrow('crash');
    expect(await table.lookup('by_city', { city: 'zzz' })).toEqual([]);

    const before = await indexEntries();
    expect(before.has(`zzz|${victim} -> ${victim}`)).toBe(true);
    for (const entry of correct) expect(before.has(entry)).toBe(true); // nothing missing: only orphans are possible
    const orphansBefore = [...before].filter((e) => !correct.has(e));

    const common = ['index', 'check', '--table', main, '--index', 'by_city', '--rest', restUrl(), '--json', '--samples', '100'];
    const check = await runCapture(common, '', Date.now());
    expect(check.err).toBe('');
    expect(check.code).toBe(1);
    const report = JSON.parse(check.out) as { valid: number; orphan: number; missing: number; samples: { orphan: { indexRow: string; mainRow: string }[] } };
    expect([report.valid, report.orphan, report.missing]).toEqual([correct.size, orphansBefore.length, 0]);
    expect(report.samples.orphan).toContainEqual(expect.objectContaining({ indexRow: `zzz\\x00${victim}`, mainRow: victim }));

    // A dry run changes nothing.
    const dry = await runCapture([...common, '--repair', '--min-age', '0s'], '', Date.now());
    expect(dry.code).toBe(1);
    expect(await indexEntries()).toEqual(before);

    const fixed = await runCapture([...common, '--repair', '--yes', '--min-age', '0s'], '', Date.now());
    expect(fixed.code).toBe(0);
    expect(JSON.parse(fixed.out).repair).toMatchObject({ applied: true, deleted: orphansBefore.length, put: 0, skipped: 0 });
    const after = await indexEntries();
    expect([...correct].filter((e) => !after.has(e))).toEqual([]); // 0 correct entries removed
    expect(after).toEqual(correct);
    const again = await runCapture(common, '', Date.now());
    expect(again.code).toBe(0);
    ctx.annotate?.(`index integration: ${lookups} lookups, ${orphansBefore.length} orphans repaired, ${Math.round(performance.now() - started)} ms`);
  }, 120_000);
});
