// The top view's modes and renderer on hand-built readings (hand-built.ts): rates, shares, hot marks and the exact
// lines, each figure worked out by hand from the counters.
import { describe, expect, it } from 'vitest';
import { type TopRow, buildView, renderTop, sortRows, tableIntervals } from '../../src/top/index.js';
import { AFTER, BEFORE, T1 } from './hand-built.js';

const intervals = tableIntervals(BEFORE, AFTER, 10_000);
const view = (mode: 'regions' | 'servers', sort: 'requests' | 'reads' | 'writes' | 'size' = 'requests', limit?: number) =>
  buildView(mode, intervals, T1, 10_000, { sort, k: 3, ...(limit === undefined ? {} : { limit }) });

describe('regions mode', () => {
  it('sorts regions by requests/s within their table and marks ccc hot by requests and writes', () => {
    const [t, u] = view('regions').groups;
    expect(t?.rows.map((r) => [r.id, r.requestsPerSec, r.readsPerSec, r.writesPerSec, r.hotBy])).toEqual([
      ['ccc', 201, 1, 200, ['requests', 'writes']],
      ['aaa', 3, 2, 1, []],
      ['bbb', 1, 0.5, 0.5, []],
    ]);
    expect(t?.rows[0]?.share).toBeCloseTo(2010 / 2050, 12);
    expect(t?.fairShare).toBeCloseTo(1 / 3, 12);
    expect(u?.title).toBe('table u');
  });

  it('renders the exact lines, the busiest table first', () => {
    expect(renderTop(view('regions'), { color: false })).toEqual([
      'top 2027-01-15T08:00:10.000Z  mode regions  sort requests  interval 10.0s  hot k=3',
      '',
      'table t: 3 regions, 205.0 requests/s, fair share 33.3%, 1 hot shown',
      'REGION  START KEY  SERVER       REQ/S  READ/S  WRITE/S  SIZE  SHARE  HOT',
      'ccc     p          rs2,16020,1  201.0     1.0    200.0  5 MB  98.0%  HOT requests,writes',
      'aaa                rs1,16020,1    3.0     2.0      1.0  2 MB   1.5%',
      'bbb     g          rs1,16020,1    1.0     0.5      0.5   0 B   0.5%',
      '',
      'table u: 1 region, 0.0 requests/s, fair share 100.0%, 0 hot shown',
      'REGION  START KEY  SERVER       REQ/S  READ/S  WRITE/S  SIZE  SHARE  HOT',
      'ddd                rs2,16020,1    0.0     0.0      0.0   0 B   0.0%',
    ]);
  });

  it('sorts by size and cuts to --limit, saying how many were left out', () => {
    const lines = renderTop(view('regions', 'size', 2), { color: false });
    expect(lines.slice(4, 7)).toEqual([
      'ccc     p          rs2,16020,1  201.0     1.0    200.0  5 MB  98.0%  HOT requests,writes',
      'aaa                rs1,16020,1    3.0     2.0      1.0  2 MB   1.5%',
      '… 1 more region not shown (--limit)',
    ]);
  });

  it('counts the hot rows --limit leaves out in the title', () => {
    // Sorted by size with a limit of 1, ccc (5 MB) stays; sorted by reads, aaa (2 reads/s) stays and hot ccc is cut.
    expect(renderTop(view('regions', 'reads', 1), { color: false })[2]).toBe('table t: 3 regions, 205.0 requests/s, fair share 33.3%, 0 hot shown, 1 hot not shown (--limit)');
  });

  it('colours hot rows red when asked', () => {
    const lines = renderTop(view('regions'), { color: true });
    expect(lines[4]).toBe('\u001b[31mccc     p          rs2,16020,1  201.0     1.0    200.0  5 MB  98.0%  HOT requests,writes\u001b[39m');
    expect(lines[5]).not.toContain('\u001b[');
  });
});

describe('servers mode', () => {
  it('sums both tables per server: rs2 hosts ccc and ddd, 2010 of 2050 requests', () => {
    expect(renderTop(view('servers'), { color: false })).toEqual([
      'top 2027-01-15T08:00:10.000Z  mode servers  sort requests  interval 10.0s  hot k=3',
      '',
      'servers: 2 servers, 205.0 requests/s, fair share 50.0%, 1 hot shown',
      'SERVER       REGIONS  REQ/S  READ/S  WRITE/S  SIZE  SHARE  HOT',
      'rs2,16020,1        2  201.0     1.0    200.0  5 MB  98.0%  HOT requests,writes',
      'rs1,16020,1        2    4.0     2.5      1.5  2 MB   2.0%',
    ]);
  });

  it('lists a live server hosting none of the regions at zero, in the fair share of three', () => {
    // With rs3 idle, rs1's 2.5 reads/s is above 3 × its peers' average (1.0 + 0.0) / 2 = 1.5: hot by reads.
    const v = buildView('servers', intervals, T1, 10_000, { sort: 'requests', k: 3, liveServers: ['rs1,16020,1', 'rs2,16020,1', 'rs3,16020,1'] });
    expect(renderTop(v, { color: false }).slice(2)).toEqual([
      'servers: 3 servers, 205.0 requests/s, fair share 33.3%, 2 hot shown',
      'SERVER       REGIONS  REQ/S  READ/S  WRITE/S  SIZE  SHARE  HOT',
      'rs2,16020,1        2  201.0     1.0    200.0  5 MB  98.0%  HOT requests,writes',
      'rs1,16020,1        2    4.0     2.5      1.5  2 MB   2.0%  HOT reads',
      'rs3,16020,1        0    0.0     0.0      0.0   0 B   0.0%',
    ]);
  });

  it('sorts by reads: rs1 (25 reads in 10 s) before rs2 (10)', () => {
    expect(view('servers', 'reads').groups[0]?.rows.map((r) => [r.id, r.readsPerSec])).toEqual([['rs1,16020,1', 2.5], ['rs2,16020,1', 1]]);
  });
});

describe('sortRows', () => {
  it('puts unknown reads after every known value and keeps ties in order', () => {
    const row = (id: string, readsPerSec: number | null): TopRow => ({ id, startKey: null, server: id, regionCount: 1, requestsPerSec: 1, readsPerSec, writesPerSec: null, storeSizeBytes: 0, share: 0, hotBy: [] });
    expect(sortRows([row('a', null), row('b', 1), row('c', 5), row('d', 1), row('e', null)], 'reads').map((r) => r.id)).toEqual(['c', 'b', 'd', 'a', 'e']);
  });
});

describe('tableIntervals', () => {
  it('leaves out a table missing from the earlier reading', () => {
    const earlier = { timeMs: BEFORE.timeMs, tables: BEFORE.tables.filter((s) => s.table === 't') };
    expect(tableIntervals(earlier, AFTER, 10_000).map((t) => t.table)).toEqual(['t']);
  });

  it('renders a note when nothing is in both readings', () => {
    expect(renderTop(buildView('regions', [], T1, 10_000, { sort: 'requests', k: 3 }), { color: false })[1]).toBe('no regions with counters in both readings yet');
  });
});
