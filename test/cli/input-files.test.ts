/**
 * Empty, binary and BOM-prefixed files get one treatment from every reader: empty is an error naming the file,
 * binary data is refused with a printable excerpt, a byte order mark is skipped. Messages quoting input stay on one
 * printable line, and field names from input are data (no prototype lookups).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { file } from '../support/temp-file.js';
import { runCapture } from './run-cli.js';

const BOM = '\uFEFF';
const series = readFileSync(new URL('../fixtures/series/uniform-salted.ndjson', import.meta.url), 'utf8');
const lintFixture = (name: string) => readFileSync(new URL(`../fixtures/lint/${name}`, import.meta.url), 'utf8');
const BINARY = Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0xff, 0xfe, 0x0a, 0x1b, 0x5b, 0x33, 0x31, 0x6d, 0x00, 0x00]);

/** Exit 2 and one printable stderr line holding `needle`. */
async function refused(argv: string[], needle: string | RegExp): Promise<string> {
  const run = await runCapture(argv);
  expect(run.code).toBe(2);
  expect(run.err).toMatch(needle);
  expect(run.err.trimEnd().split('\n')).toHaveLength(1);
  // eslint-disable-next-line no-control-regex
  expect(run.err.trimEnd()).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\ufffd]/);
  return run.err;
}

describe('an empty file is an error naming it', () => {
  it.each([
    ['t.hbase', (p: string) => ['lint', p]],
    ['hbase-env.sh', (p: string) => ['lint', p]],
    ['schema.json', (p: string) => ['lint', p]],
    ['hbase-site.xml', (p: string) => ['lint', p]],
    ['wide.yaml', (p: string) => ['lint', p]],
    ['records.ndjson', (p: string) => ['key', 'encode', '{id}', '--records', p]],
    ['scenario.yaml', (p: string) => ['simulate', p]],
    ['runbook.json', (p: string) => ['fix', 'apply', p]],
    ['keys.txt', (p: string) => ['splits', '--samples', p, '--regions', '2']],
    ['capture.txt', (p: string) => ['detect', '--list-regions', p]],
  ])('%s', async (name, argv) => {
    const path = file(name, '\n  \n');
    await refused(argv(path), `${path}: the `);
    await refused(argv(path), /is empty/);
  });

  it('an empty --samples file is not taken as a plain key list', async () => {
    const samples = file('samples.txt', '');
    const err = await refused(['detect', file('s.ndjson', series), '--samples', samples], `${samples}: the samples file is empty`);
    expect(err).not.toContain('plain key list');
  });

  it('an empty pasted status capture names the file, not table "undefined"', async () => {
    const path = file('status.txt', '');
    const err = await refused(['detect', '--status-detailed', path, '--table', 't'], `${path}: the pasted shell output is empty`);
    expect(err).not.toContain('undefined');
  });
});

describe('binary data is refused with a printable excerpt', () => {
  it('as hbase-env.sh', async () => {
    const path = file('hbase-env.sh', BINARY);
    const err = await refused(['lint', path], `${path}: the hbase-env.sh is binary data, not text`);
    expect(err).toContain('\\x7FELF\\x02\\x01\\x01\\x00');
  });

  it('as a load series and a key-samples file, read line by line', async () => {
    const err = await refused(['detect', file('s.ndjson', BINARY)], /the load series is binary data, not text/);
    expect(err).toContain('\\x7FELF');
    await refused(['detect', file('e.ndjson', '\n  \n')], /the load series is empty/);
  });

  it('as a scenario, a samples file and a runbook', async () => {
    await refused(['simulate', file('s.yaml', BINARY)], /the scenario is binary data/);
    await refused(['splits', '--samples', file('k.txt', BINARY), '--regions', '2'], /the samples file is binary data/);
    await refused(['fix', 'apply', file('r.json', BINARY)], /the runbook is binary data/);
  });

  it('gzip data on standard input is named as gzip, with the way to read it', async () => {
    // Files are gunzipped whatever their name; standard input is read as text (docs/load-series.md), so the message
    // says what the bytes are (gzip's magic 1f 8b) and how to read them: pipe through gunzip -c.
    const gz = gzipSync(series).toString('utf8');
    const run = await runCapture(['detect', '-'], gz);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/^hbase-hotspot: <stdin>: the load series is gzip data, not text: pipe it through gunzip -c \(it starts "\\x1F/);
    const samples = await runCapture(['detect', file('s.ndjson', series), '--samples', '-'], gz);
    expect(samples.err).toContain('<stdin>: the samples file is gzip data, not text: pipe it through gunzip -c');
  });

  it('JSON syntax errors quote the input on one printable line', async () => {
    const err = await refused(['fix', 'apply', file('r.json', `{"table": x\n\u0001${'y'.repeat(100)}}`)], /not JSON/);
    expect(err).toContain('\\x01');
    await refused(['key', 'encode', '{id}', '--record', '{"id": "\u0001\n'], /not valid JSON/);
  });

  it('by the verification record, the health JSON, the thresholds file and a JMX answer (named once)', async () => {
    // Before, these three quoted JSON.parse's message raw: the input's line breaks split the message over three lines
    // and a control character (here \x01; an escape sequence would be obeyed by the terminal) went to stderr as it was.
    const text = '{"format":\n x\u0001}\n';
    const quoted = String.raw`(Unexpected token 'x', "{"format":\x0A x\x01}\x0A" is not valid JSON)`;
    const bad = file('bad.json', text);
    const jmx = new URL('../fixtures/jmx/health/sick-before.derived.json', import.meta.url).pathname;
    await refused(['migrate', 'retire', '--from', 'x', '--switched-at', '2020-01-01T00:00:00Z', '--verified', bad], `${bad}: not valid JSON ${quoted}`);
    // the health inputs also name where the JSON breaks: the 'x' at line 2, column 2
    await refused(['report', file('s.ndjson', series), '--health', bad, '-o', `${bad}.html`], `${bad}:2:2: not a health JSON: not JSON ${quoted}`);
    await refused(['health', '--jmx-files', jmx, '--thresholds', bad], `${bad}:2:2: not JSON ${quoted}`);
    const err = await refused(['health', '--jmx-files', bad], `${bad}:2:2: not JSON ${quoted}`);
    expect(err.split(bad)).toHaveLength(2);
  });
});

describe('a named pipe or a device is refused at once, not waited on', () => {
  // Before, each of these waited for ever: opening a FIFO without a writer blocks, and /dev/zero never ends.
  const fifo = join(dirname(file('x', '')), 'pipe');
  execFileSync('mkfifo', [fifo]);
  it.each([
    ['scenario', (p: string) => ['simulate', p]],
    ['load series', (p: string) => ['detect', p]],
    ['load series', (p: string) => ['compare', file('before.ndjson', series), p]],
    ['samples file', (p: string) => ['splits', '--samples', p, '--regions', '2']],
    ['pasted shell output', (p: string) => ['detect', '--list-regions', p]],
    ['input file', (p: string) => ['lint', '--indexes', p]],
    ['records file', (p: string) => ['key', 'encode', '{id}', '--records', p]],
    ['runbook', (p: string) => ['fix', 'apply', p]],
    ['JMX answer', (p: string) => ['health', '--jmx-files', p]],
    ['checkpoint', (p: string) => ['migrate', 'backfill', '--rest', 'http://127.0.0.1:9', '--from', 'a', '--to', 'b', '--old-template', '{id}', '--new-template', '{salt(id,4)}_{id}', '--checkpoint', p]],
  ])('as the %s', async (what, argv) => {
    await refused(argv(fifo), `${fifo}: the ${what} is a named pipe (FIFO), not a regular file`);
    await refused(argv('/dev/zero'), `/dev/zero: the ${what} is a character device, not a regular file`);
  });
});

describe('a load series of fewer than two snapshots is an error naming the file', () => {
  // Before, the message named the table only ("the load series of table "salted" has fewer than two snapshots").
  const [header, first] = series.split('\n');
  it.each([
    ['only its header', `${header}\n`, 'no snapshot, only its header'],
    ['one snapshot', `${header}\n${first}\n`, 'one snapshot'],
  ])('%s', async (_name, text, holds) => {
    const path = file('s.ndjson', text);
    const message = `${path}: the load series holds ${holds}; rates need at least two (counters are cumulative): record for longer`;
    for (const argv of [['detect', path], ['report', path, '-o', `${path}.html`], ['fix', 'plan', path], ['fix', 'balancer', path], ['compare', path, file('after.ndjson', series)]]) {
      expect((await refused(argv, message)).trimEnd()).toBe(`hbase-hotspot: ${message}`);
    }
    const stdin = await runCapture(['detect', '-'], text);
    expect([stdin.code, stdin.err]).toEqual([2, `hbase-hotspot: <stdin>: the load series holds ${holds}; rates need at least two (counters are cumulative): record for longer\n`]);
  });
});

describe('messages name the file once', () => {
  it('a change record without its after side', async () => {
    const path = file('change.json', '{"format": "hbase-hotspot-change/1"}');
    const err = await refused(['compare', path, file('s.ndjson', series)], /not a change record written by compare --record/);
    expect(err.split(path)).toHaveLength(2);
  });

  it('a load series or key-sample file that cannot be read says why as the other readers do', async () => {
    // Before: "cannot read: ENOENT: no such file or directory, open '…'" (the path a second time) and
    // "cannot read: EISDIR: illegal operation on a directory, read".
    const missing = `${file('x.txt', 'x')}-missing.ndjson`;
    const err = await refused(['detect', missing], `${missing}: cannot read the load series (no such file)`);
    expect(err.split(missing)).toHaveLength(2);
    const dir = dirname(file('x.txt', 'x'));
    await refused(['detect', dir], `${dir}: cannot read the load series (it is a directory)`);
    await refused(['fix', 'plan', dir], `${dir}: cannot read the load series (it is a directory)`);
  });

  it('a file that cannot be read', async () => {
    const path = `${file('x.txt', 'x')}-missing.json`;
    const err = await refused(['fix', 'apply', path], `${path}: cannot read the runbook (no such file)`);
    expect(err.split(path)).toHaveLength(2);
  });
});

describe('a byte order mark is skipped', () => {
  it('by lint of .hbase, .json, .xml, .sh and .yaml files', async () => {
    for (const name of ['ten-families.hbase', 'customer-schema.json', 'cache-site.xml', 'regionserver-env.sh', 'sensor-wide.yaml']) {
      const plainPath = file(name, lintFixture(name));
      const bomPath = file(name, BOM + lintFixture(name));
      const plain = await runCapture(['lint', plainPath, '--json']);
      const bom = await runCapture(['lint', bomPath, '--json']);
      expect(bom.err).toBe('');
      expect(bom.out.replaceAll(bomPath, 'F')).toBe(plain.out.replaceAll(plainPath, 'F'));
      expect(bom.code).toBe(plain.code);
    }
  });

  it('by the load-series reader, from a file and from stdin', async () => {
    const plain = await runCapture(['detect', file('s.ndjson', series), '--json']);
    expect(plain.code).toBe(0);
    const bom = await runCapture(['detect', file('s.ndjson', BOM + series), '--json']);
    expect(bom).toEqual(plain);
    expect(await runCapture(['detect', '-', '--json'], BOM + series)).toEqual(plain);
  });

  it('by key encode --records and a scenario', async () => {
    const run = await runCapture(['key', 'encode', '{id}', '--records', file('r.ndjson', `${BOM}{"id":"a"}\n`)]);
    expect(run).toMatchObject({ code: 0, out: 'a\n' });
    const scenario = readFileSync(new URL('../fixtures/scenarios/single-row.yaml', import.meta.url), 'utf8');
    const sim = await runCapture(['simulate', file('s.yaml', BOM + scenario), '--json']);
    expect(sim.err).toBe('');
    expect(sim.code).toBe(0);
  });
});

describe('field names are data', () => {
  it('a key field named constructor or toString is missing from a record that lacks it, not a function', async () => {
    await refused(['key', 'encode', '{constructor}', '--record', '{}'], /needs field "constructor", which the record lacks/);
    await refused(['key', 'encode', '{toString}', '--record', '{"id":1}'], /needs field "toString", which the record lacks/);
    const run = await runCapture(['key', 'encode', '{constructor}_{toString}', '--record', '{"constructor":"c","toString":"t"}']);
    expect(run).toMatchObject({ code: 0, out: 'c_t\n' });
  });

  it('a record field named __proto__ is encoded and decoded like any other', async () => {
    const run = await runCapture(['key', 'encode', '{__proto__}_{id}', '--record', '{"__proto__":"p","id":"i"}']);
    expect(run).toMatchObject({ code: 0, out: 'p_i\n' });
    const decoded = await runCapture(['key', 'decode', '{pad(__proto__,3)}{constructor}', '007x']);
    expect(decoded.err).toBe('');
    expect(JSON.parse(decoded.out)).toEqual(JSON.parse('{"__proto__":7,"constructor":"x"}'));
  });

  it('an XML entity or a JVM flag named after a prototype member is not found there', async () => {
    await refused(['lint', file('hbase-site.xml', '<configuration>&constructor;</configuration>')], /unknown entity &constructor;/);
    const env = await runCapture(['lint', file('hbase-env.sh', 'HBASE_OPTS="-XX:+constructor -Xmx8g"\n'), '--json']);
    expect(env.err).toBe('');
    expect(env.code).not.toBe(2);
  });
});
