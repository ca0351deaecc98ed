// The key sampler for Java writers (jvm/, hbasehotspot.client.KeySampler) against the real HBase: a Java program
// (java/SampledWriter.java) writes through a sampled Table, 9 puts in 10 to one row, while `collect --zk` records
// the table; `detect --samples` on the sampler's files names that row as a single hot row.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createRestClient } from '../../src/hbase/rest/index.js';
import { createTableCommand, runShellCommands } from '../../src/hbase/shell/index.js';
import { parseKeySamples } from '../../src/model/index.js';
import { runCapture } from '../cli/run-cli.js';
import { hbaseEnv, printHBaseLogsOnFailure, uniqueTableName } from './hbase-env.js';
import { startJavaProgram } from './migrate-tables.js';

printHBaseLogsOnFailure();
const env = hbaseEnv();
const zk = `127.0.0.1:${process.env['HBASE_ZK_PORT'] ?? '2181'}`;
const table = uniqueTableName('sampler_it');
const writer = fileURLToPath(new URL('./java/SampledWriter.java', import.meta.url));
let created = false;

afterAll(async () => {
  if (env.available && created) await createRestClient({ baseUrl: env.restUrl }).deleteTable(table);
}, 60_000);

/** Starts the Java writer; resolves `started` when it prints "writing", `done` with its last line. */
function startWriter(prefix: string, seconds: number): { started: Promise<void>; done: Promise<string> } {
  const program = startJavaProgram(writer, [zk, table, prefix, String(seconds)], 'writing');
  return { started: program.ready, done: program.done };
}

describe.skipIf(!env.available)('key sampler for Java writers', () => {
  it('a sampled Java writer\'s keys make detect name the hot row', async () => {
    const batch = await runShellCommands([createTableCommand({ table, families: [{ name: 'cf' }], splits: ['g', 'p'] })]);
    expect(batch.ok).toBe(true);
    created = true;
    const dir = mkdtempSync(join(tmpdir(), 'sampler-'));
    const w = startWriter(join(dir, 'keys'), 16);
    await w.started;
    const series = join(dir, 'series.ndjson');
    const collect = await runCapture(['collect', '--zk', zk, '--table', table, '--every', '3s', '--for', '6s', '-o', series]);
    expect(collect.code).toBe(0);
    const summary = JSON.parse(await w.done) as { puts: number; cpuPerPutNs: number; samplerNsPerCall: number; overheadShareOfPut: number };
    console.log(`key sampler: ${summary.puts} unbatched puts, ${Math.round(summary.cpuPerPutNs / 1000)} µs of client CPU per put, ${summary.samplerNsPerCall.toFixed(0)} ns per sampled call (${(summary.overheadShareOfPut * 100).toFixed(3)}% of a put)`);
    const files = readdirSync(dir).filter((f) => f.startsWith('keys-') && f.endsWith('.ndjson'));
    expect(files.length).toBeGreaterThan(0);
    const keys = join(dir, 'keys.ndjson');
    writeFileSync(keys, files.map((f) => readFileSync(join(dir, f), 'utf8')).join(''));
    const samples = parseKeySamples(readFileSync(keys, 'utf8'), keys);
    // The weights of the samples add up to the puts written (each period's weights add up to its requests).
    const weight = samples.reduce((sum, s) => sum + (s.weight ?? 1), 0);
    expect(Math.round(weight)).toBe(summary.puts);
    const hot = samples.filter((s) => new TextDecoder().decode(s.key) === 'q-celebrity').reduce((sum, s) => sum + (s.weight ?? 1), 0);
    expect(hot / weight).toBeGreaterThan(0.85);
    const detect = await runCapture(['detect', series, '--samples', keys, '--json']);
    expect(detect.code, detect.err).toBe(0);
    const result = JSON.parse(detect.out) as { shape: string; evidence: string[] };
    expect(result.shape).toBe('single-row');
    expect(result.evidence.join('\n')).toContain('q-celebrity');
  }, 240_000);
});
