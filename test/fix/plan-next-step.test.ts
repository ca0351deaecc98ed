import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { toBytesBinary } from '../../src/bytes/index.js';
import { planFix } from '../../src/fix/plan/index.js';
import type { KeySample } from '../../src/model/index.js';
import { type Layout, repeat, steadySeries } from '../model/builders.js';

const rs = (n: number) => `rs${n}.example.com,16020,${n}`;
/** A 32-hex encoded region name made of one repeated character. */
const enc = (c: string) => c.repeat(32);
const write = (timeMs: number, key: string): KeySample => ({ timeMs, key: toBytesBinary(key), op: 'write' });

describe('runbooks with a next step', () => {
  it('a hot range without key samples: contain, move the region to the least loaded server, a labelled midpoint fallback, how to get samples', () => {
    const layout: Layout[] = [[enc('a'), '', 'g', rs(1)], [enc('b'), 'g', 'n', rs(2)], [enc('c'), 'n', 't', rs(3)], [enc('d'), 't', '', rs(4)]];
    // b: 4000 writes a minute against 100 for each other region; rs4 the least loaded (50)
    const detect = detectHotspots(steadySeries(layout, repeat(4, [100, 4000, 100, 50])));
    expect(detect.shape).toBe('hot-range');
    const book = planFix({ detect });
    expect(book.steps.map((s) => s.kind)).toEqual(['advice', 'balancer-off', 'move', 'balancer-on', 'advice', 'advice']);
    const [contain, , move, , fallback, samples] = book.steps;
    expect(contain!.title).toContain('request quota');
    expect(contain!.why).toContain('throttles the whole table');
    expect(contain!.check).toContain('hbase.quota.enabled');
    expect(contain!.check).toContain('restart');
    expect(move!.commands).toEqual([`move "${enc('b')}", "${rs(4)}"`]);
    expect(move!.undo).toEqual([`move "${enc('b')}", "${rs(2)}"`]);
    expect(move!.wait).toEqual({ kind: 'region-on-server', table: 't', startKey: 'g', server: rs(4) });
    expect(fallback!.title).toContain(`split "${enc('b')}"`);
    expect(fallback!.title).toMatch(/^Fallback, with its risk/);
    expect(fallback!.why).toContain('divides the region\'s bytes, not its requests');
    expect(samples!.why).toContain('Java writers');
    expect(samples!.why).toContain('application log');
    expect(samples!.why).toContain('region\'s own rows');
    expect(book.refused.map((r) => r.action)).toEqual(['split']);
  });

  it('an unsplit table with key samples: its pre-split, one split per quantile of the sampled keys', () => {
    const detect = detectHotspots(steadySeries([[enc('e'), '', '', rs(1)]], repeat(3, [6000])));
    expect(detect.findings.map((f) => f.kind)).toEqual(['unsplit-table']);
    // 40 keys k00..k39 written once each; two servers known → 4 regions → boundaries at 10, 20, 30 keys
    const samples = Array.from({ length: 40 }, (_, i) => write(1000 * i, `k${String(i).padStart(2, '0')}`));
    const book = planFix({ detect, samples, servers: [rs(1), rs(2)] });
    expect(book.steps.map((s) => s.kind)).toEqual(['split', 'split', 'split']);
    // the shortest key between k09 and k10 is "k1"; between k19 and k20 "k2"; between k29 and k30 "k3"
    expect(book.steps.map((s) => s.commands[0])).toEqual(['split "t", "k1"', 'split "t", "k2"', 'split "t", "k3"']);
    expect(book.steps[0]!.wait).toEqual({ kind: 'daughters-online', table: 't', splitKey: 'k1' });
    expect(book.hotRegion).toMatchObject({ encodedName: enc('e'), server: rs(1) });
  });

  it('an unsplit table without key samples: the step that computes its split points', () => {
    const detect = detectHotspots(steadySeries([[enc('e'), '', '', rs(1)]], repeat(3, [6000])));
    const book = planFix({ detect });
    expect(book.steps).toHaveLength(1);
    expect(book.steps[0]).toMatchObject({ kind: 'advice' });
    expect(book.steps[0]!.title).toContain('Pre-split table t');
  });

  it('a lumpy pre-split: re-split from the sampled alphabet, merges of never-written neighbours, or a salted key', () => {
    // hex split points, decimal keys: regions from "a" up never see a key
    const layout: Layout[] = [[enc('1'), '', '4', rs(1)], [enc('2'), '4', '8', rs(2)], [enc('3'), '8', 'a', rs(3)], [enc('4'), 'a', 'c', rs(1)], [enc('5'), 'c', 'e', rs(2)], [enc('6'), 'e', '', rs(3)]];
    const detect = detectHotspots(steadySeries(layout, repeat(3, [300, 5000, 300, 0, 0, 0])));
    const samples = Array.from({ length: 60 }, (_, i) => write(1000 * i, `${4 + (i % 4)}${String(i).padStart(3, '0')}`));
    expect(detect.findings.map((f) => f.kind)).toContain('lumpy-presplit');
    const book = planFix({ detect, samples });
    const titles = book.steps.map((s) => s.title);
    expect(titles.some((t) => t.startsWith('Re-split from the sampled keys\' own alphabet'))).toBe(true);
    const merge = book.steps.find((s) => s.title.startsWith('Merge'));
    // the never-written neighbours "a".."c" and "c".."e" pair up; "e".."" is left alone
    expect(merge!.title).toBe('Merge 1 pair(s) of never-written neighbouring regions');
    expect(merge!.why).toContain(`merge_region "${enc('4')}", "${enc('5')}"`);
    expect(titles.some((t) => t.includes('salted key'))).toBe(true);
  });
});
