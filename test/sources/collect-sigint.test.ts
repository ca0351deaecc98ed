// A real Ctrl-C: `hbase-hotspot collect` in its own process gets SIGINT mid-run, exits 0 and leaves a valid file.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { parseLoadSeries } from '../../src/model/index.js';
import { type FixtureServer, liveFxRoutes, serveFixtures } from './fixture-server.js';

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
let server: FixtureServer | undefined;
afterEach(async () => server?.stop());

/** Complete snapshot lines written so far (format version 2: `{"timeMs":…,"counters":[…]}`). */
const snapshotLines = (file: string): number => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('{"timeMs"') && l.endsWith('}')).length : 0);

it('exits 0 on SIGINT with every snapshot line complete', async () => {
  server = await serveFixtures(liveFxRoutes());
  const out = join(mkdtempSync(join(tmpdir(), 'collect-')), 'series.ndjson');
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'collect', '--rest', server.url, '--table', 'live_fx', '--every', '200ms', '--for', '1h', '-o', out], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = performance.now() + 30_000;
  while (snapshotLines(out) < 3 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  child.kill('SIGINT');
  expect(await exited).toBe(0);
  expect(stderr).toMatch(/stopped by Ctrl-C after \d+ snapshot\(s\) of 18001/);
  const series = parseLoadSeries(readFileSync(out, 'utf8'), out);
  expect(series.snapshots.length).toBeGreaterThanOrEqual(3);
  expect(series.snapshots[0]?.regions).toHaveLength(6);
}, 40_000);
