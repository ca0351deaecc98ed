/**
 * `hbase-hotspot load --rest URL --table T --template '<template>' --entities N --popularity zipf:1.1 --rate 200
 * --duration 45s [--reads latest:10@5 get@20] [--samples-out keys.ndjson]`: writes (and reads) real rows through the
 * REST gateway with the simulator's workload model, to try a key design on a staging cluster. Prints a summary.
 */
import { setMaxListeners } from 'node:events';
import { closeSync, openSync, writeSync } from 'node:fs';
import cliProgress from 'cli-progress';
import { type HBaseRestClient, createRestClient, isHttpStatus } from '../../hbase/rest/index.js';
import { type LoadSpec, type LoadSummary, DEFAULT_TIME_FIELD, plannedWrites, resolveLoadFields, runLoad } from '../../load/index.js';
import { KeySampleWriter } from '../../model/index.js';
import { HotspotError } from '../../util/errors.js';
import { type CliIo, printJson } from '../io.js';
import { type LoadFlags, parseLoadOptions } from '../load-options.js';
import { checkUrl } from '../live-source.js';
import { refuseExisting } from '../output-file.js';
import type { CliCommand } from '../program.js';
import { compileTemplateOption } from '../template-option.js';
import { plainTableName } from '../../regions/index.js';

/**
 * `--rest`, required for `load`, checked as an http(s) URL by the live sources' {@link checkUrl}.
 * @throws {@link HotspotError} `LOAD_OPTION_REQUIRED` when absent, `URL_INVALID` when not an http(s) URL.
 */
function checkRestUrl(url: string | undefined): string {
  if (url === undefined) throw new HotspotError('LOAD_OPTION_REQUIRED', 'give the REST gateway with --rest, e.g. --rest http://rest-host:8080', { field: '--rest' });
  return checkUrl(url, '--rest');
}

/**
 * The column family to write: `--family`, else the table's first family. Reads the table's schema.
 * @throws {@link HotspotError} `LOAD_TABLE_MISSING` when the table does not exist, `LOAD_FAMILY_UNKNOWN` for a family
 *   the table does not have.
 */
export async function loadFamily(client: HBaseRestClient, table: string, family: string | undefined): Promise<string> {
  let families: string[];
  try {
    families = (await client.getSchema(table)).columns.map((c) => c.name);
  } catch (err) {
    if (isHttpStatus(err, 404)) throw new HotspotError('LOAD_TABLE_MISSING', `table "${table}" does not exist; create it first (pre-split, e.g. with the splits command's shell output)`, { field: '--table', cause: err });
    throw err;
  }
  if (family === undefined) {
    const first = families[0];
    if (first === undefined) throw new HotspotError('LOAD_FAMILY_UNKNOWN', `table "${table}" has no column family`, { field: '--family' });
    return first;
  }
  if (!families.includes(family)) {
    throw new HotspotError('LOAD_FAMILY_UNKNOWN', `table "${table}" has no column family "${family}"; its families are: ${families.join(', ')}`, { field: '--family' });
  }
  return family;
}

const fmt = (ms: number | null) => (ms === null ? '-' : `${ms.toFixed(0)} ms`);

/** The summary as text lines. */
export function renderLoadSummary(s: LoadSummary): string {
  const lines = [
    `load ${s.stopped ? 'stopped by Ctrl-C' : 'done'}: table ${s.table}, ${(s.elapsedMs / 1000).toFixed(1)} s`,
    `  writes      ${s.writes} of ${s.plannedWrites} rows (${s.writesPerSec.toFixed(1)} rows/s), put p50 ${fmt(s.writeLatency.p50Ms)}, p99 ${fmt(s.writeLatency.p99Ms)}`,
    `  reads       ${s.readQueries} queries, ${s.rowsRead} rows, p50 ${fmt(s.readLatency.p50Ms)}, p99 ${fmt(s.readLatency.p99Ms)}`,
    `  errors      ${s.errors} failed request(s), ${s.failedWrites} row(s) not written`,
    `  achieved    ${s.opsPerSec.toFixed(1)} ops/s (rows written + read queries)`,
    ...s.errorMessages.map((m) => `  error: ${m}`),
  ];
  return `${lines.join('\n')}\n`;
}

function progressBar(io: CliIo, total: number): { update: (writes: number, errors: number) => void; stop: () => void } {
  if (io.progress !== 'bar') return { update: () => undefined, stop: () => undefined };
  const bar = new cliProgress.SingleBar({ stream: process.stderr, format: 'load [{bar}] {value}/{total} rows | errors {errors}', hideCursor: true }, cliProgress.Presets.shades_classic);
  bar.start(total, 0, { errors: 0 });
  return { update: (writes, errors) => bar.update(writes, { errors }), stop: () => bar.stop() };
}

/** The `load` command. */
export const loadCommand: CliCommand = {
  register(program, io) {
    program
      .command('load')
      .description('write (and read) real rows of a rowkey design through the REST gateway, with the simulator\'s workload model')
      .option('--rest <url>', 'HBase REST gateway, e.g. http://rest-host:8080')
      .option('--table <table>', 'existing table to write (ns:name outside the default namespace)', plainTableName)
      .option('--template <template>', "rowkey template, e.g. '{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}'")
      .option('--entities <n>', 'number of distinct entities', '1000')
      .option('--popularity <spec>', 'uniform, zipf:S or hot:FRACTION:SHARE', 'uniform')
      .option('--rate <rows/s>', 'write rate, rows per second')
      .option('--duration <duration>', 'how long to run', '45s')
      .option('--ops <n>', 'most rows to write (default rate × duration)')
      .option('--value-bytes <n>', 'bytes of the one cell value per row', '100')
      .option('--reads <patterns...>', 'reads beside the writes: latest:N@RATE (newest N rows of an entity) or get@RATE')
      .option('--samples-out <file>', 'write every key touched as key samples (NDJSON) to this file (an existing file is kept unless --force)')
      .option('--force', 'with --samples-out: replace an existing file')
      .option('--family <name>', "column family (default: the table's first)")
      .option('--time-field <name>', `template field that gets each write's epoch ms (default ${DEFAULT_TIME_FIELD})`)
      .option('--entity-field <name>', 'template field that gets the entity id (default: the first other field)')
      .option('--id-format <format>', 'entity id format with one %d / %0Nd / %x', 'sensor-%06d')
      .option('--batch <rows>', 'rows per put request', '100')
      .option('--concurrency <n>', 'requests in flight per kind of operation', '4')
      .option('--seed <n>', 'seed of the entity draws and values', '1')
      .option('--timeout <duration>', 'per-request timeout (default the client\'s)')
      .option('--json', 'print the summary as JSON')
      .action(async (flags: LoadFlags) => {
        const opts = parseLoadOptions(flags);
        if (flags.samplesOut !== undefined) refuseExisting(flags.samplesOut, { field: '--samples-out', ...(flags.force ? { force: true } : {}) });
        const baseUrl = checkRestUrl(flags.rest);
        if (flags.table === undefined || flags.table.trim() === '') throw new HotspotError('LOAD_OPTION_REQUIRED', 'name the table with --table, e.g. --table metrics', { field: '--table' });
        if (flags.template === undefined) throw new HotspotError('LOAD_OPTION_REQUIRED', "give the rowkey template with --template, e.g. --template '{deviceId}_{reverseTs(ts)}'", { field: '--template' });
        const template = compileTemplateOption(flags.template, '--template');
        const fields = resolveLoadFields(template, {
          ...(flags.timeField === undefined ? {} : { timeField: flags.timeField }),
          ...(flags.entityField === undefined ? {} : { entityField: flags.entityField }),
        });
        // Puts and scans in the gateway's protobuf form: less CPU per row on both ends, so the pacing holds at higher rates.
        const client = createRestClient({ baseUrl, dataFormat: 'protobuf', ...(opts.timeoutMs === undefined ? {} : { timeoutMs: opts.timeoutMs }) });
        const family = await loadFamily(client, flags.table, flags.family);
        const spec: LoadSpec = {
          table: flags.table, template, fields, family, valueBytes: opts.valueBytes, reads: opts.reads,
          entities: { field: fields.entityField, count: opts.entities, idFormat: opts.idFormat, popularity: opts.popularity },
          writesPerSec: opts.writesPerSec, durationMs: opts.durationMs, ...(opts.maxWrites === undefined ? {} : { maxWrites: opts.maxWrites }),
          batchRows: opts.batchRows, concurrency: opts.concurrency, seed: opts.seed,
        };
        let fd: number | undefined;
        if (flags.samplesOut !== undefined) {
          try {
            fd = openSync(flags.samplesOut, flags.force ? 'w' : 'wx');
          } catch (err) {
            if ((err as { code?: unknown }).code === 'EEXIST') refuseExisting(flags.samplesOut, { field: '--samples-out' });
            throw new HotspotError('FILE_WRITE', `cannot write: ${(err as Error).message}`, { file: flags.samplesOut, field: '--samples-out', cause: err });
          }
        }
        const out = fd;
        const samples = out === undefined ? undefined : new KeySampleWriter((chunk) => void writeSync(out, chunk));
        const stop = new AbortController();
        // every waiting worker listens for Ctrl-C on this one signal
        setMaxListeners(4 * opts.concurrency * (1 + opts.reads.length), stop.signal);
        const onSigint = (): void => stop.abort(new Error('interrupted'));
        process.once('SIGINT', onSigint);
        const bar = progressBar(io, plannedWrites(spec));
        try {
          const summary = await runLoad(client, spec, {
            signal: stop.signal,
            onProgress: (p) => bar.update(p.writes, p.errors),
            ...(samples ? { onSample: (s) => samples.write(s) } : {}),
          });
          bar.stop();
          if (flags.json) printJson(io, summary);
          else io.stdout(renderLoadSummary(summary));
          if (summary.errors > 0) process.exitCode = 1;
        } finally {
          bar.stop();
          process.off('SIGINT', onSigint);
          if (out !== undefined) closeSync(out);
        }
      });
  },
};
