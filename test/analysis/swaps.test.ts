import { describe, expect, it } from 'vitest';
import { swapPlan } from '../../src/analysis/detect/index.js';

describe('swaps for hot regions stacked on one server', () => {
  it('takes a server from close to 90% of the requests to about a third in two swaps, region counts unchanged', () => {
    const region = (encodedName: string, server: string, share: number) => ({ encodedName, server, share });
    const regions = [
      region('A', 's1', 0.3), region('B', 's1', 0.3), region('C', 's1', 0.28), region('D', 's1', 0.01),
      ...['E', 'F', 'G', 'H'].map((n) => region(n, 's2', 0.01)),
      ...['I', 'J', 'K', 'L'].map((n) => region(n, 's3', 0.01)),
      region('M', 's4', 0.01), region('N', 's4', 0.01), region('O', 's4', 0.005), region('P', 's4', 0.005),
    ];
    const servers = new Map([['s1', 0.89], ['s2', 0.04], ['s3', 0.04], ['s4', 0.03]]);
    const plan = swapPlan('s1', regions.slice(0, 3), servers, regions);
    // keep A; B to s4 (least loaded, 0.03) for its quietest O: s1 0.89 − 0.3 + 0.005 = 0.595;
    // then C to s2 (0.04, first by name of the two at 0.04) for E: s1 0.595 − 0.28 + 0.01 = 0.325
    expect(plan.swaps.map((w) => [w.region.encodedName, w.to, w.back.encodedName])).toEqual([['B', 's4', 'O'], ['C', 's2', 'E']]);
    expect(plan.before).toBe(0.89);
    expect(plan.after).toBeCloseTo(0.325, 12);
  });
});

describe('swaps in a table with read replicas', () => {
  const region = (encodedName: string, server: string, share: number, range: string, replica = false) => ({ encodedName, server, share, range, replica });
  // ranges a and b hot on s1 (0.4 each); s4 the least loaded (0.02)
  const base = [
    region('A', 's1', 0.4, 'a'), region('B', 's1', 0.4, 'b'),
    region('C', 's2', 0.1, 'c'), region('A1', 's2', 0, 'a', true),
    region('D', 's3', 0.1, 'd'), region('C1', 's3', 0, 'c', true),
  ];
  const servers = new Map([['s1', 0.8], ['s2', 0.1], ['s3', 0.1], ['s4', 0.02]]);
  const swapsOf = (regions: ReturnType<typeof region>[]) =>
    swapPlan('s1', regions.slice(0, 2), servers, regions).swaps.map((w) => [w.region.encodedName, w.to, w.back.encodedName]);

  it('never swaps a secondary replica back', () => {
    // X1, idle, is s4's quietest region; E (0.02) comes back instead
    expect(swapsOf([...base, region('X1', 's4', 0, 'x', true), region('E', 's4', 0.02, 'e')])).toEqual([['B', 's4', 'E']]);
  });

  it('never sends a region to a server holding another replica of its range', () => {
    // B's replica B1 is on s4: B stays (no other server is the least loaded)
    expect(swapsOf([...base, region('B1', 's4', 0, 'b', true), region('E', 's4', 0.02, 'e')])).toEqual([]);
  });

  it('never sends back a region to a server holding another replica of its range', () => {
    // G (0.01) is quieter than E (0.02), but its replica G1 is on s1
    expect(swapsOf([...base, region('G1', 's1', 0, 'g', true), region('G', 's4', 0.01, 'g'), region('E', 's4', 0.01 + 0.01, 'e')])).toEqual([['B', 's4', 'E']]);
  });
});
