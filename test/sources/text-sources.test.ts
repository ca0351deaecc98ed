// Pasted shell captures: exact values of the real HBase 2.6.4 recordings, capture times, and every error case.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toStringBinary } from '../../src/bytes/index.js';
import { type TextFormatError, captureTimes, parseTextSeries, rubyUndump, splitCaptures } from '../../src/sources/index.js';
import { B_TO_D, LAST } from './facts.js';
import { statusDetailedTables } from '../../src/sources/text/status-detailed.js';

const shell = (name: string): string => readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'shell', name), 'utf8');
const input = (text: string, file = 'pasted.txt', mtimeMs = 0) => ({ file, text, mtimeMs });

/** Runs `fn`, expecting a {@link TextFormatError}-like error; returns it. */
function failure(fn: () => unknown): TextFormatError {
  try {
    fn();
  } catch (err) {
    return err as TextFormatError;
  }
  throw new Error('expected an error');
}

/** One list_regions line as the shell prints it: each cell ` %<w>s |`. */
const WIDTHS = [35, 52, 9, 7, 5, 5, 10];
const line = (cells: readonly string[]): string => cells.map((c, i) => ` ${c.padStart(WIDTHS[i] ?? 0)} |`).join('');
const HEADER = [
  line(['SERVER_NAME', 'REGION_NAME', 'START_KEY', 'END_KEY', 'SIZE', 'REQ', 'LOCALITY']),
  line(WIDTHS.map((w) => '-'.repeat(w))),
];
const row = (server: string, name: string, start: string, end: string, size: string, req: string): string =>
  line([server, name, start, end, size, req, '0.0']);
const RS = 'rs1.example.com,16020,1700000000000';
const N1 = 't,,1700000000001.0123456789abcdef0123456789abcdef.';
const N2 = 't,k ,1700000000001.fedcba9876543210fedcba9876543210.';

describe('list_regions captures', () => {
  it('parses the real recording: REQ is read + write (20 + 360 = 380, then 50 + 660 = 710), sizes in whole MB, times from "# at"', () => {
    const series = parseTextSeries('list-regions', [input(shell('list-regions.txt'))]);
    expect(series.table).toBe('live_fx');
    expect(series.snapshots.map((s) => s.timeMs)).toEqual([Date.UTC(2026, 10, 30, 8, 29, 46, 801), Date.UTC(2026, 10, 30, 8, 29, 56, 402)]);
    const [a, b] = series.snapshots;
    expect(a?.regions.find((r) => r.encodedName === LAST)).toMatchObject({ requests: 380, readRequests: null, writeRequests: null, storeSizeBytes: 0 });
    expect(b?.regions.find((r) => r.encodedName === LAST)?.requests).toBe(710);
    expect(b?.regions.find((r) => r.encodedName === B_TO_D)?.requests).toBe(40);
    expect(a?.regions[4]?.name).toBe('live_fx,f| g,1796027343036.0ea7b4bca51351938a67bed0a3620e4a.');
  });

  it('takes the exact end key from the next region name when the shell stripped its spaces', () => {
    const text = [...HEADER, row(RS, N1, '', 'k', '3', '7'), row(RS, N2, 'k', '', '0', '0'), ' 2 rows'].join('\n');
    const [snap] = parseTextSeries('list-regions', [input(text)], { intervalMs: 60_000 }).snapshots;
    expect(toStringBinary(snap?.regions[0]?.endKey ?? new Uint8Array())).toBe('k ');
    expect(snap?.regions[0]?.storeSizeBytes).toBe(3 * 1_048_576);
  });

  it('reports every malformed row with its line number', () => {
    const text = [
      ...HEADER,
      row('not-a-server', N1, '', 'k', '0', '7'),
      row(RS, N2, 'k', '', 'x', '-1'),
      ' shifted | cells |',
      ' 3 rows',
    ].join('\n');
    const err = failure(() => parseTextSeries('list-regions', [input(text)], { intervalMs: 1000 }));
    expect(err.code).toBe('LIST_REGIONS_MALFORMED');
    expect(err.issues.map((i) => i.line)).toEqual([3, 4, 5]);
    expect(err.issues[0]?.message).toContain('SERVER_NAME "not-a-server"');
    expect(err.issues[1]?.message).toMatch(/SIZE "x".*REQ "-1"/);
    expect(err.message).toContain('pasted.txt:3');
  });

  it('reports a missing "N rows" line, a wrong row count, a bad region name and a missing column', () => {
    expect(failure(() => parseTextSeries('list-regions', [input([...HEADER, row(RS, N1, '', '', '0', '1')].join('\n'))], { intervalMs: 1 })).issues[0]?.message).toContain('"N rows"');
    expect(failure(() => parseTextSeries('list-regions', [input([...HEADER, row(RS, N1, '', '', '0', '1'), ' 3 rows'].join('\n'))], { intervalMs: 1 })).issues[0]).toEqual({ line: 4, message: 'says 3 rows but 1 region rows were read' });
    expect(failure(() => parseTextSeries('list-regions', [input([...HEADER, row(RS, 'no-commas-here', '', '', '0', '1'), ' 1 rows'].join('\n'))], { intervalMs: 1 })).issues[0]?.message).toContain('REGION_NAME "no-commas-here"');
    const noReq = [HEADER[0]?.replace('REQ', 'XYZ'), HEADER[1], ' 0 rows'].join('\n');
    expect(failure(() => parseTextSeries('list-regions', [input(noReq)], { intervalMs: 1 })).issues[0]).toEqual({ line: 1, message: 'missing column(s) REQ; run list_regions with its default columns' });
  });

  it('accepts the shell\'s note about a region without load, and leaves that region out', () => {
    const text = [`Can not find all details for region: ${N2} , it may be disabled or in transition`, ...HEADER, row(RS, N1, '', 'k', '0', '7'), ' 1 rows'].join('\n');
    const [snap] = parseTextSeries('list-regions', [input(text)], { intervalMs: 1 }).snapshots;
    expect(snap?.regions.map((r) => r.encodedName)).toEqual(['0123456789abcdef0123456789abcdef']);
  });

  it('refuses a capture that leaves regions out (a server filter, lost rows): the regions must cover the table from "" to ""', () => {
    const A = 't,,1700000000001.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.';
    const B = 't,f,1700000000001.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.';
    const C = 't,p,1700000000001.cccccccccccccccccccccccccccccccc.';
    const rows = { A: row(RS, A, '', 'f', '0', '10'), B: row(RS, B, 'f', 'p', '0', '900'), C: row(RS, C, 'p', '', '0', '10') };
    const parse = (lines: readonly string[]) => parseTextSeries('list-regions', [input(lines.join('\n'))], { intervalMs: 60_000 });
    // list_regions 't', 'rs1': only the middle region (line 3): it starts after "" and ends before the table's end
    const one = failure(() => parse([...HEADER, rows.B, ' 1 rows']));
    expect(one.code).toBe('LIST_REGIONS_MALFORMED');
    expect(one.issues.map((i) => i.line)).toEqual([3, 3]);
    expect(one.issues[0]?.message).toContain('the first region starts at "f"');
    expect(one.issues[1]?.message).toContain('END_KEY "p" is not where the table ends');
    // the middle row lost: the first region (line 3) ends at "f" but the next starts at "p"
    const hole = failure(() => parse([...HEADER, rows.A, rows.C, ' 2 rows']));
    expect(hole.issues.map((i) => [i.line, i.message.startsWith('END_KEY "f" is not where the next region starts ("p")')])).toEqual([[3, true]]);
    // the shell's note names the region it left out: that gap is explained
    const noted = parse([`Can not find all details for region: ${B} , it may be disabled or in transition`, ...HEADER, rows.A, rows.C, ' 2 rows']);
    expect(noted.snapshots[0]?.regions.map((r) => r.requests)).toEqual([10, 10]);
    // the whole table reads: 10 + 900 + 10 requests
    expect(parse([...HEADER, rows.A, rows.B, rows.C, ' 3 rows']).snapshots[0]?.regions.map((r) => r.requests)).toEqual([10, 900, 10]);
  });

  it('refuses a region whose END_KEY sorts at or before its START_KEY, naming its line and both keys', () => {
    const A = 't,,1700000000001.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.';
    const B = 't,f,1700000000001.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.';
    const C = 't,p,1700000000001.cccccccccccccccccccccccccccccccc.';
    const parse = (end: string) => parseTextSeries('list-regions', [input([...HEADER, row(RS, A, '', 'f', '0', '1'), row(RS, B, 'f', end, '0', '2'), row(RS, C, 'p', '', '0', '3'), ' 3 rows'].join('\n'))], { intervalMs: 60_000 });
    // the second region (line 4) starts at "f": "c" sorts before it, "f" is equal
    for (const end of ['c', 'f']) {
      const bad = failure(() => parse(end));
      expect(bad.code).toBe('LIST_REGIONS_MALFORMED');
      expect(bad.issues.map((i) => [i.line, i.message])).toEqual([[4, `END_KEY "${end}" does not sort after the start key "f"; an HBase region's end key is "" (the table's end) or after its start key`]]);
    }
    expect(parse('p').snapshots[0]?.regions.map((r) => toStringBinary(r.endKey))).toEqual(['f', 'p', '']);
  });

  it('names a bad escape in END_KEY once, with its line', () => {
    const A = 't,,1700000000001.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.';
    const B = 't,f,1700000000001.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.';
    const bad = failure(() => parseTextSeries('list-regions', [input([...HEADER, row(RS, A, '', '\\x0Z', '0', '1'), row(RS, B, 'f', '', '0', '2'), ' 2 rows'].join('\n'))], { intervalMs: 60_000 }));
    expect(bad.code).toBe('LIST_REGIONS_MALFORMED');
    expect(bad.issues.map((i) => [i.line, i.message])).toEqual([[3, 'END_KEY: bad escape "\\x0Z" at character 1 of "\\x0Z"; write a byte as \\xNN (two hex digits), a backslash as \\x5C']]);
  });

  it('rejects captures of another table', () => {
    const text = [...HEADER, row(RS, N1, '', '', '0', '1'), ' 1 rows'].join('\n');
    expect(failure(() => parseTextSeries('list-regions', [input(text)], { table: 'other', intervalMs: 1 })).code).toBe('TEXT_TABLE_MISMATCH');
  });
});

describe("status 'detailed' captures", () => {
  it('parses the real recording: read and write counters apart, other tables and hbase:meta left out, end keys from the next region', () => {
    const series = parseTextSeries('status-detailed', [input(shell('status-detailed.txt'))], { table: 'live_fx' });
    const [a, b] = series.snapshots;
    expect(a?.regions).toHaveLength(6);
    expect(a?.regions.find((r) => r.encodedName === LAST)).toMatchObject({ readRequests: 20, writeRequests: 360, requests: 380, server: 'localhost,39083,1796025836972' });
    expect(b?.regions.find((r) => r.encodedName === LAST)).toMatchObject({ readRequests: 50, writeRequests: 660 });
    expect(a?.regions.map((r) => toStringBinary(r.endKey))).toEqual(['\\x05', 'b', 'd', 'f| g', 'm', '']);
  });

  it('reads --table default:live_fx as live_fx, the name HBase prints for a table of the default namespace', () => {
    // TableName.valueOf("default:live_fx") is the table live_fx: the recording lists its 6 regions under that name
    const series = parseTextSeries('status-detailed', [input(shell('status-detailed.txt'))], { table: 'default:live_fx' });
    expect(series.table).toBe('live_fx');
    expect(series.snapshots.map((s) => [s.table, s.regions.length])).toEqual([['live_fx', 6], ['live_fx', 6]]);
    // another namespace stays a different table
    expect(failure(() => parseTextSeries('status-detailed', [input(shell('status-detailed.txt'))], { table: 'other:live_fx' })).code).toBe('TEXT_NO_REGIONS');
  });

  it('undoes Ruby String#dump of a toStringBinary name', () => {
    expect(rubyUndump('smoke1,\\\\x5C\\"#,1.x.')).toBe('smoke1,\\x5C"#,1.x.');
    expect(() => rubyUndump('a\\nb')).toThrow('unexpected escape "\\n"');
  });

  it('needs the table, and reports bad load lines, orphan region names and stray lines with their numbers', () => {
    expect(failure(() => parseTextSeries('status-detailed', [input('1 live servers')])).code).toBe('TEXT_TABLE_REQUIRED');
    const text = [
      '1 live servers',
      '    rs1:16020 1700000000000',
      '        requestsPerSecond=0.0, numberOfOnlineRegions=2',
      `        "${N1}"`,
      '            numberOfStores=1, storefileSizeMB=0, readRequestsCount=abc, writeRequestsCount=2',
      `        "${N2}"`,
      'garbage here',
      '0 dead servers',
    ].join('\n');
    const err = failure(() => parseTextSeries('status-detailed', [input(text)], { table: 't', intervalMs: 1 }));
    expect(err.code).toBe('STATUS_DETAILED_MALFORMED');
    expect(err.issues.map((i) => i.line)).toEqual([5, 6, 7]);
    expect(err.issues[0]?.message).toBe('readRequestsCount is "abc", not a whole number');
  });

  it('refuses a capture cut off before "N dead servers" or listing fewer servers than "N live servers", not dropping their regions', () => {
    const server = (host: string, name: string, writes: number): string[] => [
      `    ${host}:16020 1700000000000`,
      '        requestsPerSecond=0.0, numberOfOnlineRegions=1',
      `        "${name}"`,
      `            numberOfStores=1, storefileSizeMB=0, readRequestsCount=0, writeRequestsCount=${writes}, rootIndexSizeKB=0`,
    ];
    // line 1 "2 live servers", lines 2-5 rs1, lines 6-9 rs2; the paste stops inside rs2's load line
    const cut = ['2 live servers', ...server('rs1', N1, 10), ...server('rs2', N2, 1234)];
    cut[8] = '            numberOfStores=1, storefileSizeMB=0, readRequestsCount=0, writeRequestsCount=12';
    const err = failure(() => parseTextSeries('status-detailed', [input(cut.join('\n'))], { table: 't', intervalMs: 1 }));
    expect(err.code).toBe('STATUS_DETAILED_MALFORMED');
    expect(err.issues.map((i) => i.line)).toEqual([9]);
    expect(err.issues[0]?.message).toContain('"N dead servers"');
    // "3 live servers" but two listed before "0 dead servers": a server's block was lost in the paste
    const part = ['3 live servers', ...server('rs1', N1, 10), ...server('rs2', N2, 20), '0 dead servers'];
    const short = failure(() => parseTextSeries('status-detailed', [input(part.join('\n'))], { table: 't', intervalMs: 1 }));
    expect(short.issues.map((i) => [i.line, i.message.startsWith('says 3 live servers but 2 server line(s)')])).toEqual([[1, true]]);
    // the whole output reads: both regions, with their counters
    part[0] = '2 live servers';
    const whole = parseTextSeries('status-detailed', [input(part.join('\n'))], { table: 't', intervalMs: 1 });
    expect(whole.snapshots[0]?.regions.map((r) => [r.server, r.writeRequests])).toEqual([['rs1,16020,1700000000000', 10], ['rs2,16020,1700000000000', 20]]);
  });

  it('reads a capture whose lines a terminal padded with trailing spaces', () => {
    const text = [
      '1 live servers',
      '    rs1:16020 1700000000000',
      '        requestsPerSecond=0.0, numberOfOnlineRegions=2',
      `        "${N1}"`,
      '            numberOfStores=1, storefileSizeMB=2, readRequestsCount=7, writeRequestsCount=300, dataLocality=1.0',
      `        "${N2}"`,
      '            numberOfStores=1, storefileSizeMB=0, readRequestsCount=0, writeRequestsCount=45, dataLocality=1.0',
      '0 dead servers',
    ].map((l) => `${l}   `).join('\r\n');
    const [snap] = parseTextSeries('status-detailed', [input(text)], { table: 't', intervalMs: 1 }).snapshots;
    expect(snap?.regions.map((r) => [r.readRequests, r.writeRequests, r.storeSizeBytes])).toEqual([[7, 300, 2 * 1_048_576], [0, 45, 0]]);
  });

  it('gives a read replica its primary\'s key range, and the primary its own end key', () => {
    const replica = 't,,1700000000001_0001.99999999999999999999999999999999.';
    const load = '            numberOfStores=1, storefileSizeMB=0, readRequestsCount=5, writeRequestsCount=0';
    const text = [
      '2 live servers',
      '    rs1:16020 1700000000000',
      '        requestsPerSecond=0.0, numberOfOnlineRegions=2',
      `        "${N1}"`, load,
      `        "${N2}"`, load,
      '    rs2:16020 1700000000000',
      '        requestsPerSecond=0.0, numberOfOnlineRegions=1',
      `        "${replica}"`, load,
      '0 dead servers',
    ].join('\n');
    const [snap] = parseTextSeries('status-detailed', [input(text)], { table: 't', intervalMs: 1 }).snapshots;
    // N1 ["", "k "), its replica on rs2 the same range, N2 ["k ", "")
    expect(snap?.regions.map((r) => [r.encodedName.slice(0, 4), toStringBinary(r.startKey), toStringBinary(r.endKey)])).toEqual([
      ['0123', '', 'k '], ['9999', '', 'k '], ['fedc', 'k ', ''],
    ]);
  });

  it('says when the paste is status \'simple\' or status \'summary\', which print no region counters', () => {
    const simple = ['1 live servers', '    rs1:16020 1700000000000', '        requestsPerSecond=0.0, numberOfOnlineRegions=2', '0 dead servers', 'Aggregate load: 0, regions: 2'];
    const summary = ['1 active master, 0 backup masters, 3 servers, 0 dead, 2.0000 average load'];
    for (const [lines, at] of [[simple, 5], [summary, 1]] as const) {
      const err = failure(() => parseTextSeries('status-detailed', [input(lines.join('\n'))], { table: 't', intervalMs: 1 }));
      expect(err.code).toBe('STATUS_DETAILED_MALFORMED');
      expect(err.issues.map((i) => i.line)).toEqual([at]);
      expect(err.issues[0]?.message).toContain("paste the output of status 'detailed'");
    }
  });

  it('names both lines of a region listed under two servers (a move the old server has not reported yet)', () => {
    const load = '            numberOfStores=1, storefileSizeMB=0, readRequestsCount=0, writeRequestsCount=9';
    const text = [
      '2 live servers',
      '    rs1:16020 1700000000000', '        requestsPerSecond=0.0, numberOfOnlineRegions=1', `        "${N1}"`, load,
      '    rs2:16020 1700000000000', '        requestsPerSecond=0.0, numberOfOnlineRegions=1', `        "${N1}"`, load,
      '0 dead servers',
    ].join('\n');
    const err = failure(() => parseTextSeries('status-detailed', [input(text)], { table: 't', intervalMs: 1 }));
    expect(err.code).toBe('STATUS_DETAILED_MALFORMED');
    expect(err.issues).toHaveLength(1);
    expect(err.issues[0]?.line).toBe(8);
    expect(err.issues[0]?.message).toMatch(/^region 0123456789abcdef0123456789abcdef is listed under rs2,16020,1700000000000 and under rs1,16020,1700000000000 \(line 4\)/);
  });

  it('says so when a capture has none of the table\'s regions', () => {
    expect(failure(() => parseTextSeries('status-detailed', [input(shell('status-detailed.txt'))], { table: 'nope' })).code).toBe('TEXT_NO_REGIONS');
  });

  it('names the tables a capture lists when the table is missing or not among them', () => {
    // the recording's first capture lists regions of hbase:meta, live_fx, smoke1, t1 and hbase:namespace, in that
    // order; a hand-made capture one region of each of two tables
    const listed = '(it lists: hbase:meta, live_fx, smoke1, t1, hbase:namespace)';
    expect(failure(() => parseTextSeries('status-detailed', [input(shell('status-detailed.txt'))])).message)
      .toBe(`--table: status 'detailed' lists every table's regions; name the table with --table ${listed}`);
    expect(failure(() => parseTextSeries('status-detailed', [input(shell('status-detailed.txt'))], { table: 'nope' })).message)
      .toContain(`this capture has no region of table "nope"; check the table name and that the whole output was pasted ${listed}`);
    const two = [
      '1 live servers',
      '    rs1:16020 1700000000000',
      '        requestsPerSecond=0.0, numberOfOnlineRegions=2',
      '        "events,,1700000000000.0123456789abcdef0123456789abcdef."',
      '            numberOfStores=1, readRequestsCount=0, writeRequestsCount=0',
      '        "ns1:lookup,,1700000000000.fedcba9876543210fedcba9876543210."',
      '            numberOfStores=1, readRequestsCount=0, writeRequestsCount=0',
    ].join('\n');
    expect(statusDetailedTables(splitCaptures(two, 's.txt')[0]!)).toEqual(['events', 'ns1:lookup']);
    expect(failure(() => parseTextSeries('status-detailed', [input(two)])).message)
      .toBe("--table: status 'detailed' lists every table's regions; name the table with --table (it lists: events, ns1:lookup)");
    // no region line at all: nothing to name
    expect(failure(() => parseTextSeries('status-detailed', [input('1 live servers')])).message)
      .toBe("--table: status 'detailed' lists every table's regions; name the table with --table");
  });
});

describe('capture times', () => {
  it('spaces header-less files by --interval, the last at its file time', () => {
    const text = [...HEADER, row(RS, N1, '', '', '0', '1'), ' 1 rows'].join('\n');
    const series = parseTextSeries('list-regions', [input(text, 'before.txt', 5), input(text, 'after.txt', 1_000_000)], { intervalMs: 60_000 });
    expect(series.snapshots.map((s) => s.timeMs)).toEqual([940_000, 1_000_000]);
    expect(series.source).toEqual({ kind: 'list-regions', description: 'before.txt after.txt', intervalMs: 60_000 });
  });

  it('rejects a bad or out-of-order "# at" time, mixed headers, and no time at all', () => {
    const bad = failure(() => splitCaptures('# at yesterday\nx\n# at 2026-01-01T00:00:00Z\ny\n# at 2025-01-01T00:00:00Z\n', 'f'));
    expect(bad.code).toBe('CAPTURE_TIME_INVALID');
    expect(bad.issues.map((i) => i.line)).toEqual([1, 5]);
    const mixed = splitCaptures('x\n# at 2026-01-01T00:00:00Z\ny\n', 'f');
    expect(failure(() => captureTimes(mixed, { lastTimeMs: 0, intervalMs: 1 })).code).toBe('CAPTURE_TIME_MIXED');
    expect(failure(() => captureTimes(splitCaptures('x\n', 'f'), { lastTimeMs: 0 })).code).toBe('CAPTURE_TIME_MISSING');
    const [c1] = splitCaptures('# at 2026-01-01T00:00:00Z\nx\n', 'a');
    const [c2] = splitCaptures('# at 2025-01-01T00:00:00Z\nx\n', 'b');
    expect(failure(() => captureTimes([c1!, c2!], { lastTimeMs: 0 })).code).toBe('CAPTURE_TIME_ORDER');
  });

  it('refuses a "# at" date that does not exist (30 February), naming the file and line, instead of reading 2 March', () => {
    const bad = failure(() => splitCaptures('# at 2026-02-28T08:00:00Z\nx\n# at 2026-02-30T08:00:00Z\ny\n', 'feb.txt'));
    expect(bad.code).toBe('CAPTURE_TIME_INVALID');
    expect(bad.message).toContain('feb.txt');
    expect(bad.issues.map((i) => [i.line, i.message.startsWith('"2026-02-30T08:00:00Z" is not an ISO 8601 time with a zone, or names a day or time that does not exist')])).toEqual([[3, true]]);
    // 28 February 2026, 08:00 UTC: 58 days and 8 hours after 2026-01-01T00:00Z (1767225600000)
    expect(splitCaptures('# at 2026-02-28T08:00:00Z\nx\n', 'feb.txt')[0]?.timeMs).toBe(1_767_225_600_000 + 58 * 86_400_000 + 8 * 3_600_000);
  });

  it('skips shell prompts, "Took" lines and return values', () => {
    const [c] = splitCaptures('hbase:001:0> list_regions "t"\nrow\nTook 0.1 seconds\n=> nil\n', 'f');
    expect(c?.lines).toEqual([[2, 'row']]);
  });
});
