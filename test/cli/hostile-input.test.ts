/**
 * Hostile input through the CLI: each reproducer that once ended in a stack trace (an untyped error) now gives the
 * product's typed error, one line on stderr with its place, and exit status 2.
 */
import { describe, expect, it } from 'vitest';
import { file } from '../support/temp-file.js';
import { runCapture } from './run-cli.js';

/** Runs the CLI and expects a refusal: exit 2, one line on stderr holding `needle`, no stack trace. */
async function refused(argv: string[], needle: string | RegExp): Promise<string> {
  const run = await runCapture(argv);
  expect(run.err).toMatch(needle);
  expect(run.err.trim().split('\n')).toHaveLength(1);
  expect(run.code).toBe(2);
  return run.err;
}

const SCENARIO = (idFormat: string) => `name: x
start: 2024-06-01T00:00:00Z
duration: 1h
step: 10m
cluster: { regionServers: 4 }
table:
  name: events
  rowSizeBytes: 200
  preSplit: { algorithm: hex, regions: 8 }
workload:
  entities: { field: userId, count: 100, idFormat: '${idFormat}', popularity: uniform }
  timeField: ts
  writeRatePerSec: 200
designs:
  - name: a
    template: '{salt(userId,16)}_{userId}'
  - name: b
    template: '{md5(userId,8)}_{userId}'
`;

const BACKFILL = ['migrate', 'backfill', '--rest', 'http://127.0.0.1:9', '--from', 'a', '--to', 'b', '--old-template', '{id}', '--new-template', '{salt(id,4)}_{id}'];

describe('stack traces through the CLI become typed errors', () => {
  it('hbase-site.xml: a character reference past U+10FFFF', async () => {
    const path = file('hbase-site.xml', '<e>&#9223808;</e>');
    await refused(['lint', path], new RegExp(`${path}:1:4: .*U\\+10FFFF`));
    await refused(['lint', file('hbase-site.xml', '<e a="&#x110000;"/>')], /U\+10FFFF/);
    await refused(['lint', file('hbase-site.xml', `<e>&#${'9'.repeat(400)};</e>`)], /U\+10FFFF/);
  });

  it('YAML wide-row file with an unresolved alias', async () => {
    const path = file('wide.yaml', '*f');
    await refused(['lint', path], new RegExp(`${path}:1:1: .*alias`));
  });

  it('YAML wide-row, scenario and families files nested 50 deep', async () => {
    const deep = `${'{'.repeat(50)}${'}'.repeat(50)}`;
    await refused(['lint', file('wide.yaml', deep)], /mapping key must be plain text/);
    await refused(['simulate', file('scenario.yaml', deep)], /mapping key must be plain text/);
    await refused(['splits', '--algorithm', 'hex', '--regions', '2', '--format', 'shell', '--table', 't', '--families', file('families.yaml', deep)], /mapping key must be plain text/);
    const deepSeq = `a: ${'['.repeat(70)}${']'.repeat(70)}\n`;
    await refused(['simulate', file('scenario.yaml', deepSeq)], /scenario.yaml:1: .*nested more than 64/);
    await refused(['lint', file('wide.yaml', deepSeq)], /wide.yaml:1:\d+: .*nested more than 64/);
    await refused(['splits', '--algorithm', 'hex', '--regions', '2', '--format', 'shell', '--table', 't', '--families', file('families.yaml', deepSeq)], /nested more than 64/);
  });

  it('YAML: thousands of compact mappings on one line (found by the fuzz suite: the parser overflowed the stack)', async () => {
    const fixture = (name: string) => new URL(`../fixtures/fuzz/${name}`, import.meta.url).pathname;
    await refused(['lint', fixture('wide-row-compact-nesting.yaml')], /wide-row-compact-nesting.yaml: nested too deep to read/);
    await refused(['simulate', fixture('scenario-compact-nesting.yaml')], /scenario-compact-nesting.yaml: nested too deep to read/);
  });

  it('YAML: a mapping whose key is itself a mapping is refused (not stringified)', async () => {
    await refused(['simulate', file('scenario.yaml', '{ {a: 1}: 2 }')], /key/);
    await refused(['lint', file('wide.yaml', '? [a]\n: 1\n')], /key/);
  });

  it('migrate backfill: a checkpoint that is null, or holds "ranges": [null]', async () => {
    await refused([...BACKFILL, '--checkpoint', file('cp.json', 'null')], /fix or delete the file/);
    const ranges = '{"format":"hbase-hotspot.backfill-checkpoint/1","source":"a","target":"b","ranges":[null],"rejects":0,"rejectsBytes":0}';
    await refused([...BACKFILL, '--checkpoint', file('cp.json', ranges)], /ranges\[0\].*fix or delete the file/);
  });

  it('template parser: concat( nested 2,600 deep is refused with its own code and the limit', async () => {
    const deep = `{${'concat('.repeat(2600)}a${')'.repeat(2600)}}`;
    const err = await refused(['key', 'encode', deep, '--record', '{"a":"x"}'], /nested more than 32 deep/);
    expect(err.length).toBeLessThan(1000);
  });

  it('template: more parts than the limit are refused; decoding the largest allowed template works', async () => {
    const many = (count: number) => Array.from({ length: count }, (_, i) => `{pad(f${i},3)}`).join('');
    await refused(['key', 'decode', many(3000), '0'.repeat(9000)], /more than 256 parts/);
    const run = await runCapture(['key', 'decode', many(256), '0'.repeat(768)]);
    expect(run.err).toBe('');
    expect(Object.keys(JSON.parse(run.out) as object)).toHaveLength(256);
  });

  it('template errors quote a long template cut short, on one printable line', async () => {
    const err = await refused(['key', 'encode', `${'x'.repeat(100_000)}{id`, '--record', '{"id":"a"}'], /unterminated "\{"/);
    expect(err.length).toBeLessThan(400);
    const control = await refused(['key', 'encode', 'a\nb{id', '--record', '{"id":"a"}'], /template "a\\x0Ab\{id" at position 3/);
    expect(control).not.toContain('\n\n');
  });

  it('shell script: [ nested 7,800 deep', async () => {
    const path = file('t.hbase', `create 't', 'f', SPLITS => ${'['.repeat(7800)}${']'.repeat(7800)}\n`);
    await refused(['lint', path], new RegExp(`${path}:1:\\d+: .*nested more than 64`));
  });

  it('key encode --record: a value nested 5,000 deep is named by its type, not serialised', async () => {
    const err = await refused(['key', 'encode', '{a}', '--record', `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`], /field "a" is an array/);
    expect(err.length).toBeLessThan(400);
  });

  it('simulate: an idFormat width past the limit', async () => {
    await refused(['simulate', file('s.yaml', SCENARIO('sensor-%09254740993d'))], /width.*at most 64/);
    await refused(['simulate', file('s.yaml', SCENARIO('sensor-%0100000000d'))], /width.*at most 64/);
  });

  it('a JSON field holding a value nested 100,000 deep is quoted cut short, not serialised whole (that overflowed the stack)', async () => {
    // JSON.parse reads such nesting; the messages quoting the bad value used JSON.stringify, which recursed into it.
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const shown = `got ${'['.repeat(40)}…`;
    const series = new URL('../fixtures/series/uniform-salted.ndjson', import.meta.url).pathname;
    const jmx = new URL('../fixtures/jmx/health/sick-before.derived.json', import.meta.url).pathname;
    const v1 = `{"format":"hbase-hotspot/load-series","version":1,"table":"t"}`;
    // A load series lists its malformed lines under a heading line.
    const header = await runCapture(['detect', file('s.ndjson', `{"format":"hbase-hotspot/load-series","version":${deep},"table":"t"}\n`)]);
    expect(header).toMatchObject({ code: 2, out: '' });
    expect(header.err).toContain(`line 1 (version): unsupported version ${shown.slice(4)}; this release reads`);
    const line2 = await runCapture(['detect', file('s.ndjson', `${v1}\n{"timeMs":${deep},"table":"t","regions":[]}\n`)]);
    expect(line2).toMatchObject({ code: 2, out: '' });
    expect(line2.err).toContain(`line 2 (timeMs): ${shown}; expected a whole number`);
    await refused(['splits', '--samples', file('k.ndjson', `{"key":"a","weight":${deep}}\n`), '--regions', '2'], `k.ndjson:1 (weight): "weight" must be a positive number, ${shown}`);
    await refused(['health', '--jmx-files', jmx, '--thresholds', file('t.json', `{"thresholds":{"gc-pause":${deep}}}`)], `t.json (thresholds.gc-pause): ${shown.slice(4)} is not a number ≥ 0`);
    await refused(['report', series, '--health', file('h.json', `{"items":[{"item":${deep}}]}`), '-o', `${file('x', '')}.html`], `h.json (items[0].item): not a health JSON: item is ${shown.slice(4)}, not text`);
    await refused([...BACKFILL, '--checkpoint', file('cp.json', `{"format":${deep}}`)], `cp.json: not a usable backfill checkpoint: "format" is ${shown.slice(4)}, expected`);
  });

  it('a number JSON reads as Infinity (1e400) or past 2^53 - 1 is named so, not shown as null or rounded', async () => {
    const v1 = `{"format":"hbase-hotspot/load-series","version":1,"table":"t"}`;
    const run = async (value: string) => (await runCapture(['detect', file('s.ndjson', `${v1}\n{"timeMs":${value},"table":"t","regions":[]}\n`)])).err;
    expect(await run('1e400')).toContain('line 2 (timeMs): got a number past the range of a double (±1.8e308); expected');
    expect(await run('9007199254740993')).toContain('line 2 (timeMs): got a number past 2^53 - 1 (read as 9007199254740992); expected');
  });

  it('no control character from an input reaches the terminal: errors and the lint report show them escaped', async () => {
    // Before, each of these wrote the ESC of "\x1b[2J" (clear the screen) to the terminal as it was.
    const esc = '\u001b[2J';
    const wide = file('wide.yaml', `table: t\nkey: "{id}"\nnewQualifierEvery: 1s\ncellBytes: 4\n"x${esc}": 1\n`);
    const run = await runCapture(['lint', wide]);
    expect([run.code, run.err]).toEqual([2, `${wide}:5:10 (x\\x1B[2J): unknown field 'x\\x1B[2J'; known: table, key, family, qualifier, newQualifierEvery, qualifiersPerSec, cellBytes, ttlSeconds, fields\n`]);
    await refused(['simulate', file('s.yaml', `name: x\n"a${esc}": 1\n`)], 's.yaml:2 (a\\x1B[2J): unknown field "a\\x1B[2J"');
    const series = new URL('../fixtures/series/uniform-salted.ndjson', import.meta.url).pathname;
    const samples = await runCapture(['detect', series, '--samples', file('k.ndjson', '{"timeMs":1,"key":"a","op":"wr\\u001bite"}\n')]);
    expect(samples.err).toContain('line 1 (op): unknown operation "wr\\x1Bite"; expected one of');
    const report = await runCapture(['lint', file('t.hbase', `create 't${esc}', 'f'\n`)]);
    expect(report.out).toContain("table 't\\x1B[2J': family 'f' sets neither VERSIONS nor TTL");
    // eslint-disable-next-line no-control-regex
    for (const r of [run, samples, report]) expect(r.out + r.err).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });
});

