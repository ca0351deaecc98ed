/** Fuzzing the files the product writes and reads back: runbooks (then rendered and dry-run) and backfill checkpoints. */
import { describe } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { toBytesBinary } from '../../src/bytes/index.js';
import { parseRunbook } from '../../src/fix/apply/index.js';
import { planFix, renderRunbookShell, renderRunbookText } from '../../src/fix/plan/index.js';
import { checkpointFromJson, checkpointToJson } from '../../src/migrate/checkpoint.js';
import { type Layout, repeat, steadySeries } from '../model/builders.js';
import { fuzzParser } from './fuzz.js';

const rs = (n: number) => `rs${n}.example.com,16020,${n}`;
const layout: Layout[] = [['a', '', 'tenant0025', rs(1)], ['b', 'tenant0025', 'tenant0050', rs(2)], ['c', 'tenant0050', 'tenant0075', rs(3)], ['d', 'tenant0075', '', rs(4)]];
const samples = Array.from({ length: 50 }, (_, i) => ({ timeMs: 600 * i, key: toBytesBinary(`tenant0042|user-${String(i).padStart(3, '0')}`), op: 'write' as const }));
const book = planFix({ detect: detectHotspots(steadySeries(layout, repeat(4, [100, 4000, 100, 100])), { samples }), samples, quotaLimit: '5000req/sec', servers: [rs(5)] });
const checkpoint = checkpointToJson({
  source: 'a', target: 'b', mapping: '{id} -> {salt(id,4)}_{id}', rejects: 1, rejectsBytes: 80,
  ranges: [{ startKey: new Uint8Array(), endKey: Uint8Array.of(0x10), done: true, lastRow: undefined, rows: 5, cells: 9 }, { startKey: Uint8Array.of(0x10), endKey: new Uint8Array(), done: false, lastRow: Uint8Array.of(0x10, 1), rows: 2, cells: 2 }],
});

describe('fuzz: written files read back', () => {
  fuzzParser('runbook', [JSON.stringify(book), JSON.stringify(book, null, 2)], (t) => {
    const parsed = parseRunbook(t, 'r.json');
    return [renderRunbookText(parsed), renderRunbookShell(parsed)];
  });
  fuzzParser('backfill checkpoint', [checkpoint], (t) => checkpointFromJson(t, 'cp.json'));
});
