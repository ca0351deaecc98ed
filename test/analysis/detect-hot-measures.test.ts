/**
 * The evidence of the region and server hotspot findings gives the figures of the measure the member was hot in:
 * writes under a read-heavy table, requests less the scan reads that follow the rows under scans that follow the rows. The
 * expected figures are worked out by hand from the counters each series adds per interval (see each test).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectHotspots } from '../../src/analysis/detect/index.js';
import { parseKeySamples, parseLoadSeries } from '../../src/model/index.js';
import { type Layout, region, repeat, series, snap, steadySeries } from '../model/builders.js';

const four: Layout[] = [['a', '', 'b', 'rs1'], ['b', 'b', 'c', 'rs2'], ['c', 'c', 'd', 'rs3'], ['d', 'd', '', 'rs4']];

describe('hotspot evidence in the measure a member was hot in', () => {
  it('leads with the writes of a region hot on writes alone under a read-heavy table', () => {
    // every interval: 5000 reads on each region; 300 writes on a, 10 on each other. Requests: a 5300 against 5010
    // (1.06 ×, not hot); writes: 300 against 10 (30 ×), and 330 writes are 1.6% of 20330 requests (material)
    const result = detectHotspots(steadySeries(four, repeat(4, [300, 10, 10, 10]), { reads: repeat(4, [5000, 5000, 5000, 5000]), bytesPerWrite: 0 }));
    expect(result.regions.find((r) => r.encodedName === 'a')?.hotBy).toEqual(['writes']);
    const hotRegion = result.findings.find((f) => f.kind === 'region-hotspot');
    const hotServer = result.findings.find((f) => f.kind === 'server-hotspot');
    expect(hotRegion?.summary).toBe("1 region(s) above 3 × the average of the table's other regions on writes in an interval of now");
    expect(hotServer?.summary).toBe('1 RegionServer(s) above 3 × the average of the other servers on writes in an interval of now');
    // over now (the last 3 intervals): 900 of 990 writes = 91%, 300 ÷ 10 = 30.0 ×; 5300 of 20330 requests = 26%,
    // 5300 ÷ 5010 = 1.06 ×; 4 regions: fair share 25%
    expect(hotRegion?.evidence).toEqual([
      "region a [\"\", \"b\"): 91% of the writes over now, 30.0 × its peers' average on writes, above 3 × in 3 of the 3 interval(s) of now (26% of all requests over now, 1.1 × its peers' average on them), fair share 25%; its server rs1 is hot too (91% of the writes, 26% of the requests)",
    ]);
    expect(hotServer?.evidence).toEqual([
      "rs1: 91% of the writes over now, 30.0 × its peers' average on writes, above 3 × in 3 of the 3 interval(s) of now (26% of all requests over now, 1.1 × its peers' average on them), fair share 25%; hot region(s) a",
    ]);
    expect([hotRegion?.hotOn, hotServer?.hotOn]).toEqual([['writes'], ['writes']]);
  });

  it('gives the requests less the scan reads that follow the rows when scans read every region', () => {
    // five regions of 1000 bytes each, on five servers; every interval each takes 4000 reads (the reads follow the
    // rows: 4000 of 20000 each, as its 1000 of 5000 bytes), a takes 15000 writes and the others 500 each.
    // a's requests 19000, less the 4000 its rows explain: 15000 against the others' 4500 = 3.33 × (hot); all of its
    // requests 19000 ÷ 4500 = 4.2 ×; writes 15000 ÷ 500 = 30 ×. Over now: 15000 of the 37000 − 20000 = 17000
    // requests left = 88%, 15000 of 17000 writes = 88%, 19000 of 37000 requests = 51%
    const keys = ['', 'b', 'c', 'd', 'e', ''];
    const at = (n: number) => snap(60_000 * n, ['a', 'b', 'c', 'd', 'e'].map((name, i) => region(name, keys[i]!, keys[i + 1]!, `rs${i + 1}`, 4000 * n, (name === 'a' ? 15_000 : 500) * n, 1000)));
    const result = detectHotspots(series([0, 1, 2, 3, 4].map(at), 60_000));
    const hotRegion = result.findings.find((f) => f.kind === 'region-hotspot');
    const hotServer = result.findings.find((f) => f.kind === 'server-hotspot');
    expect(hotRegion?.summary).toBe("1 region(s) above 3 × the average of the table's other regions on requests less the scan reads that follow the rows or writes in an interval of now");
    expect(hotRegion?.evidence).toEqual([
      "region a [\"\", \"b\"): 88% of the requests over now once the scan reads that follow the rows are set aside, 3.3 × its peers' average on requests less the scan reads that follow the rows, above 3 × in 3 of the 3 interval(s) of now; 88% of the writes over now, 30.0 × its peers' average on writes, above 3 × in 3 of the 3 interval(s) of now (51% of all requests over now, 4.2 × its peers' average on them), fair share 20%; its server rs1 is hot too (88% of the requests less the scan reads that follow the rows, 88% of the writes, 51% of the requests)",
    ]);
    expect(hotServer?.evidence[0]).toBe("rs1: 88% of the requests over now once the scan reads that follow the rows are set aside, 3.3 × its peers' average on requests less the scan reads that follow the rows, above 3 × in 3 of the 3 interval(s) of now; 88% of the writes over now, 30.0 × its peers' average on writes, above 3 × in 3 of the 3 interval(s) of now (51% of all requests over now, 4.2 × its peers' average on them), fair share 20%; hot region(s) a");
    expect([hotRegion?.hotOn, hotServer?.hotOn]).toEqual([['requests-less-row-reads', 'writes'], ['requests-less-row-reads', 'writes']]);
  });

  it('keeps the usual wording for a hotspot hot in all requests (a write-only table is hot in requests and writes alike)', () => {
    const result = detectHotspots(steadySeries(four, repeat(4, [1000, 100, 100, 100])));
    const hotRegion = result.findings.find((f) => f.kind === 'region-hotspot');
    expect(hotRegion?.summary).toBe("1 region(s) above 3 × the average of the table's other regions in an interval of now");
    // 1000 of 1300 requests = 77%, 1000 ÷ 100 = 10.0 ×
    expect(hotRegion?.evidence[0]).toBe("region a [\"\", \"b\"): 77% of the requests over now, 10.0 × its peers' average, fair share 25%; its server rs1 is hot too (77% of the requests)");
    expect(hotRegion && 'hotOn' in hotRegion).toBe(false);
    expect(result.findings.find((f) => f.kind === 'server-hotspot')?.evidence[0]).toBe("rs1: 77% of the requests over now, 10.0 × its peers' average, fair share 25%; hot region(s) a");
  });

  it('gives the writes of the timestamp-prefixed table whose reads follow the rows', () => {
    // the incident's last 4 intervals (now), from the counters' differences: 240000 writes a minute, to 844837… in the
    // first (the tail before its split) and to 075332… in the other three. 075332…: 720000 of 960000 writes = 75%, its
    // rate 240000/min against 240000/min ÷ 14 for the other 14 regions of now = 14.0 ×; 844837… (one minute in now):
    // 25%, 240000/min against 720000/min ÷ 14 (075332… over its 3 minutes) = 14.0 ×. rs2 (075332…): 75%, 720000
    // against 240000 ÷ 3 = 9.0 ×; rs1: 25%, 240000 against 720000 ÷ 3 = 1.0 ×, hot only in the first minute
    const dir = new URL('../fixtures/incidents/', import.meta.url);
    const file = (name: string) => fileURLToPath(new URL(`timestamp-prefix-full-scans.${name}.ndjson`, dir));
    const samples = parseKeySamples(readFileSync(file('samples'), 'utf8'), file('samples'));
    const result = detectHotspots(parseLoadSeries(readFileSync(file('series'), 'utf8'), file('series')), { samples });
    const hotRegion = result.findings.find((f) => f.kind === 'region-hotspot');
    const hotServer = result.findings.find((f) => f.kind === 'server-hotspot');
    expect(hotRegion?.summary).toBe("2 region(s) above 3 × the average of the table's other regions on writes in an interval of now");
    expect(hotRegion?.evidence[0]).toMatch(/^region 075332ad58fc2beca8fdc46614b42850 \["20240601120515-d00000", "4"\): 75% of the writes over now, 14\.0 × its peers' average on writes, above 3 × in 3 of the 4 interval\(s\) of now \(3\.4% of all requests over now, 0\.6 × its peers' average on them\), fair share 7\.1%; its server rs2\.example\.com,16020,1717200000000 is hot too \(75% of the writes, 27% of the requests\)$/);
    expect(hotRegion?.evidence[1]).toMatch(/^region 844837b330a1ee2f4f39b2aa602baa52 \["20240601113330-d00000", "4"\): 25% of the writes over now, 14\.0 × its peers' average on writes, above 3 × in 1 of the 4 interval\(s\) of now \(2\.1% of all requests over now, 1\.2 × its peers' average on them\)/);
    expect(hotServer?.summary).toBe('2 RegionServer(s) above 3 × the average of the other servers on writes in an interval of now');
    expect(hotServer?.evidence).toEqual([
      "rs2.example.com,16020,1717200000000: 75% of the writes over now, 9.0 × its peers' average on writes, above 3 × in 3 of the 4 interval(s) of now (27% of all requests over now, 1.1 × its peers' average on them), fair share 25%; hot region(s) 075332ad58fc2beca8fdc46614b42850",
      "rs1.example.com,16020,1717200000000: 25% of the writes over now, 1.0 × its peers' average on writes, above 3 × in 1 of the 4 interval(s) of now (18% of all requests over now, 0.7 × its peers' average on them), fair share 25%; hot region(s) 844837b330a1ee2f4f39b2aa602baa52",
    ]);
  });
});
