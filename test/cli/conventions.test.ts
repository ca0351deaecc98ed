// The command line's conventions: --version, colour through picocolors' own detection (NO_COLOR, FORCE_COLOR) plus
// --color / --no-color, progress on stderr whenever stderr is a terminal (whatever stdout is) unless --no-progress,
// and a misspelt option answered in one or two lines.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cliProgress from 'cli-progress';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CliIo, ProgressMode } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { testClock } from '../support/clock.js';
import { runCapture } from './run-cli.js';

const TAIL = fileURLToPath(new URL('../fixtures/series/tail-hex-presplit.ndjson', import.meta.url));
const SCENARIO = fileURLToPath(new URL('../fixtures/scenarios/agreement.yaml', import.meta.url));
const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const ESC = '\x1b[';

/** Runs the CLI in-process with a given colour and progress setting; stdout is never a terminal here. */
async function runWith(argv: string[], settings: { color?: boolean; progress?: ProgressMode }): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), isTTY: false, readStdin: async () => '', now: testClock, ...settings };
  const code = await runCli(argv, io);
  return { code, out, err };
}

/** Runs the real entry point in a child process (stdout and stderr pipes) with `env` added to a CI-free environment. */
function child(argv: string[], env: Record<string, string>): string {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['CI', 'NO_COLOR', 'FORCE_COLOR', 'TERM'].includes(k)));
  const r = spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...argv], { env: { ...base, ...env }, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('--version', () => {
  it("prints package.json's version and exits 0", async () => {
    for (const flag of ['--version', '-V']) expect(await runCapture([flag])).toEqual({ code: 0, out: `${VERSION}\n`, err: '' });
  });
});

describe('colour', () => {
  it('follows the io, and --color / --no-color override it, before or after the command', async () => {
    expect((await runWith(['detect', TAIL], { color: true })).out).toContain(ESC);
    expect((await runWith(['detect', TAIL], { color: false })).out).not.toContain(ESC);
    expect((await runWith(['detect', TAIL, '--no-color'], { color: true })).out).not.toContain(ESC);
    expect((await runWith(['--color', 'detect', TAIL], { color: false })).out).toContain(ESC);
    expect((await runWith(['detect', TAIL, '--color'], {})).out).toContain(ESC);
    expect((await runWith(['simulate', SCENARIO, '--no-color'], { color: true })).out).not.toContain(ESC);
  }, 30_000);

  it("is picocolors' detection in the real process: off on a pipe, FORCE_COLOR turns it on, NO_COLOR wins, --no-color too", () => {
    expect(child(['detect', TAIL], {})).not.toContain(ESC);
    expect(child(['detect', TAIL], { FORCE_COLOR: '1' })).toContain(ESC);
    expect(child(['detect', TAIL], { FORCE_COLOR: '1', NO_COLOR: '1' })).not.toContain(ESC);
    expect(child(['detect', TAIL, '--no-color'], { FORCE_COLOR: '1' })).not.toContain(ESC);
    expect(child(['detect', TAIL, '--color'], {})).toContain(ESC);
  }, 60_000);
});

describe('progress', () => {
  it('draws a bar when stderr is a terminal though stdout is redirected (simulate --json > out.json)', async () => {
    const start = vi.spyOn(cliProgress.SingleBar.prototype, 'start');
    const r = await runWith(['simulate', SCENARIO, '--json'], { progress: 'bar' });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).designs).toHaveLength(2);
    expect(start).toHaveBeenCalled();
  }, 30_000);

  it('--no-progress turns it off; no bar when stderr is not a terminal', async () => {
    const start = vi.spyOn(cliProgress.SingleBar.prototype, 'start');
    expect((await runWith(['simulate', SCENARIO, '--json', '--no-progress'], { progress: 'bar' })).code).toBe(0);
    expect((await runWith(['simulate', SCENARIO, '--json'], { progress: 'lines' })).code).toBe(0);
    expect(start).not.toHaveBeenCalled();
  }, 30_000);
});

describe('a usage error', () => {
  it('is one or two lines: the error and its "did you mean", or where the usage is', async () => {
    const misspelt = await runCapture(['detect', TAIL, '--jsno']);
    expect([misspelt.code, misspelt.err]).toEqual([2, "error: unknown option '--jsno'\n(Did you mean --json?)\n"]);
    const missing = await runCapture(['simulate']);
    expect([missing.code, missing.err]).toEqual([2, "error: missing required argument 'scenario' (--help shows the usage)\n"]);
    const command = await runCapture(['simulat', SCENARIO]);
    expect([command.code, command.err]).toEqual([2, "error: unknown command 'simulat'\n(Did you mean simulate?)\n"]);
    expect(missing.out + misspelt.out + command.out).toBe('');
  });
});

describe('files a command writes', () => {
  it('are never replaced without --force: report -o, compare --record, simulate --record; -o - writes to stdout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conventions-'));
    const keep = (name: string) => {
      const file = join(dir, name);
      writeFileSync(file, 'precious\n');
      return file;
    };
    const html = keep('report.html');
    const refused = await runCapture(['report', TAIL, '-o', html]);
    expect([refused.code, refused.err]).toEqual([2, `hbase-hotspot: ${html} (--output): already exists; give another file, or --force to replace it\n`]);
    expect(readFileSync(html, 'utf8')).toBe('precious\n');
    expect((await runCapture(['report', TAIL, '-o', html, '--force'])).code).toBe(0);
    expect(readFileSync(html, 'utf8')).toMatch(/^<!doctype html>/i);
    expect((await runCapture(['report', TAIL, '-o', '-'])).out).toMatch(/^<!doctype html>/i);

    const change = keep('change.json');
    expect((await runCapture(['compare', TAIL, TAIL, '--record', change])).code).toBe(2);
    expect(readFileSync(change, 'utf8')).toBe('precious\n');
    expect((await runCapture(['compare', TAIL, TAIL, '--record', change, '--force'])).code).toBe(0);
    expect(JSON.parse(readFileSync(change, 'utf8')).format).toBe('hbase-hotspot-change/1');

    const recorded = join(dir, 'sim');
    expect((await runCapture(['simulate', SCENARIO, '--record', recorded])).code).toBe(0);
    const series = join(recorded, '1-timestamp-first.series.ndjson');
    expect(existsSync(series)).toBe(true);
    const again = await runCapture(['simulate', SCENARIO, '--record', recorded]);
    expect([again.code, again.err]).toEqual([2, expect.stringContaining(`${series} (--record): already exists`)]);
    expect(again.out).toBe('');
    expect((await runCapture(['simulate', SCENARIO, '--record', recorded, '--force'])).code).toBe(0);
  }, 60_000);
});

describe('--redact', () => {
  it('covers RegionServer host names in detect and simulate, keeping ports, start codes and which server is which', async () => {
    const plain = JSON.parse((await runCapture(['detect', TAIL, '--json'])).out) as { servers: { server: string; share: number }[] };
    const redacted = JSON.parse((await runCapture(['detect', TAIL, '--json', '--redact'])).out) as { servers: { server: string; share: number }[] };
    // rs1..rs4.example.com sort as server-01..server-04; shares and order unchanged
    expect(redacted.servers.map((s) => [s.server, s.share])).toEqual(plain.servers.map((s) => [s.server.replace(/^rs(\d)\.example\.com/, 'server-0$1'), s.share]));
    const sim = (await runCapture(['simulate', SCENARIO, '--json', '--redact'])).out;
    expect(sim).not.toContain('example.com');
    expect(sim).toMatch(/"server": "server-0\d,16020,\d+"/);
  }, 30_000);
});
