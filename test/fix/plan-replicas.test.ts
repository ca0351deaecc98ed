import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { planFix } from '../../src/fix/plan/index.js';
import { fullName, placedSeries } from '../analysis/replica-series.js';

describe('fix plan for a table with read replicas', () => {
  it('moves a hot primary to the least loaded server that holds no replica of its range', () => {
    // ranges '' b c … h: [primary's server, replica's server, writes a minute], 100 reads a minute on each primary;
    // c takes 4,000 writes a minute on rs1 (rs1 7,300 requests a minute), and its replica is on rs4, the least loaded
    // server (h: 400 a minute); rs2 and rs3 take 1,400 each: rs2, first by name
    const placement: [string, string, number][] = [
      ['rs2', 'rs3', 600], ['rs3', 'rs2', 600], ['rs1', 'rs4', 4000], ['rs1', 'rs2', 1500],
      ['rs1', 'rs3', 1500], ['rs2', 'rs3', 600], ['rs3', 'rs2', 600], ['rs4', 'rs3', 300],
    ];
    const detect = detectHotspots(placedSeries(placement, true));
    const book = planFix({ detect });
    const moves = book.steps.filter((s) => s.kind === 'move');
    expect(moves.map((s) => s.commands)).toEqual([[`move "${fullName('t', 'c', 1700000000002, 0).encodedName}", "rs2,16020,1"`]]);
    expect(moves[0]?.why).toContain(`rs2,16020,1 is the least loaded (${(1400 / 60).toFixed(1)} req/s) not holding a replica of its range (rs4,16020,1 hold(s) one)`);
  });
});
