/**
 * `hbase-hotspot health --jmx URL... [--every 10s --for 1m]`, `health --zk QUORUM` (the info servers found through the
 * native client) or `health --jmx-files before.json after.json`: the
 * playbook's operations checklist measured from RegionServers' and the master's `/jmx` (see `src/health/` and
 * docs/health.md). Exit 1 when an item fails, 0 otherwise, 2 for bad input, 3 when no info server answers; with
 * `--format nagios` the exit status is the Nagios state (0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN).
 */
import { Option } from 'commander';
import {
  HEALTH_ITEMS, NAGIOS_STATES, applyThresholdsFile, defaultCatalogue, evaluateHealth, healthSettingsFromSite, nagiosState,
  parseHealthReading, readHealthConfig, renderHealth, renderNagios, sampleHealth, withCauses, HBASE_DEFAULT_SETTINGS, type HealthSample,
} from '../../health/index.js';
import { parseDurationMs } from '../../util/duration.js';
import { HotspotError } from '../../util/errors.js';
import { EXIT_FINDING } from '../exit.js';
import { type CliIo, printJson } from '../io.js';
import { type LiveFlags, checkUrl, nativeOptions, requestTimeoutMs, wantsNative, withNativeCatalog } from '../live-source.js';
import type { CliCommand } from '../program.js';
import { readTextFile } from '../read-text.js';

interface HealthFlags extends Pick<LiveFlags, 'zk' | 'zkZnode' | 'hbaseConf' | 'hbaseClasspath'> {
  jmx?: string[];
  jmxFiles?: string[];
  every: string;
  for: string;
  site?: string;
  env?: string;
  thresholds?: string;
  timeout?: string;
  json?: boolean;
  format: 'text' | 'nagios';
}

/** The window's rounds from recorded answers: one round per file, in the order given. */
async function recordedSamples(files: readonly string[]): Promise<HealthSample[]> {
  const out: HealthSample[] = [];
  for (const [i, file] of files.entries()) out.push({ timeMs: i, readings: [parseHealthReading(await readTextFile(file, 'JMX answer'), file)], failures: [] });
  return out;
}

function windowMs(flags: HealthFlags): { everyMs: number; forMs: number } {
  const everyMs = parseDurationMs(flags.every, '--every');
  if (everyMs <= 0) throw new HotspotError('HEALTH_WINDOW_INVALID', `--every ${flags.every}: the time between samples must be above 0, e.g. --every 10s`, { field: '--every' });
  const forMs = parseDurationMs(flags.for, '--for');
  if (forMs < everyMs) throw new HotspotError('HEALTH_WINDOW_INVALID', `--for ${flags.for}: the window must hold two samples or more, so at least --every (${flags.every}), e.g. --for 5m`, { field: '--for' });
  return { everyMs, forMs };
}

/**
 * The info servers to sample: `--jmx` as given, or the master's and every live RegionServer's found through the native
 * client (`--zk` / `--hbase-conf`), one line on stderr naming how many.
 * @throws {@link HotspotError} `HEALTH_SOURCE_REQUIRED` unless exactly one of `--jmx`, `--jmx-files` and the native
 *   client is given; `URL_INVALID`; the native client's errors.
 */
async function infoServerUrls(flags: HealthFlags, io: CliIo): Promise<string[] | undefined> {
  const urls = flags.jmx ?? [];
  const files = flags.jmxFiles ?? [];
  const native = wantsNative(flags);
  if ([urls.length > 0, files.length > 0, native].filter(Boolean).length !== 1) {
    const given = urls.length > 0 ? '--jmx-files' : '--jmx';
    throw new HotspotError('HEALTH_SOURCE_REQUIRED', 'give the info servers to sample with --jmx http://rs1:16030 http://master:16010, the cluster with --zk host[:port] (its info servers are found through the native client), or recorded answers with --jmx-files before.json after.json (one of the three)', { field: native ? '--zk' : given });
  }
  if (files.length > 0) return undefined;
  if (!native) return urls.map((u) => checkUrl(u, '--jmx'));
  const found = await withNativeCatalog(flags, (reader) => reader.infoServers());
  if (found.length === 0) throw new HotspotError('HEALTH_NO_ANSWER', 'the cluster named no info server (every info port is off: hbase.master.info.port / hbase.regionserver.info.port -1); give --jmx URLs instead', { field: flags.zk !== undefined ? '--zk' : '--hbase-conf' });
  if (io.progress !== 'none') io.stderr(`found ${found.length} info server(s) through the native client: ${found.map((f) => f.url).join(' ')}\n`);
  return found.map((f) => f.url);
}

/** The `health` command. */
export const healthCommand: CliCommand = {
  register(program, io) {
    const command = program
      .command('health')
      .description("the playbook's operations checklist (BlockCache hit ratio, GC pauses, flushes, compaction queue, store files, blocked updates, call queue, regions in transition) measured from /jmx, per RegionServer")
      .option('--jmx <urls...>', "RegionServers' info servers (http://rs1:16030) and the master's (http://master:16010) to sample")
      .option('--jmx-files <files...>', 'recorded /jmx answers instead, in time order (e.g. before.json after.json; one file per server and time)')
      .option('--every <duration>', 'with --jmx: time between samples (JMX values refresh every 10 s)', '10s')
      .option('--for <duration>', 'with --jmx: length of the window', '1m')
      .option('--site <file>', 'hbase-site.xml giving hbase.hregion.memstore.flush.size and hbase.hstore.blockingStoreFiles (default: HBase\'s defaults); a failing item names the settings behind it with their values and lint findings')
      .option('--env <file>', 'hbase-env.sh: a failing gc-pause names the collector, heap and pause target of HBASE_REGIONSERVER_OPTS / HBASE_OPTS')
      .option('--thresholds <file>', `JSON {"thresholds": {"<item>": number}} overriding the catalogue; items: ${HEALTH_ITEMS.join(', ')}`)
      .option('--timeout <duration>', 'per-request timeout (default a third of --every, 1s to 10s)')
      .option('--json', 'print the items as JSON')
      .addOption(new Option('--format <format>', 'text, or nagios (plugin output; exit 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN)').choices(['text', 'nagios']).default('text'));
    nativeOptions(command)
      .action(async (flags: HealthFlags) => {
        const checked = await infoServerUrls(flags, io);
        let catalogue = defaultCatalogue();
        if (flags.thresholds !== undefined) catalogue = applyThresholdsFile(catalogue, await readTextFile(flags.thresholds, 'thresholds file'), flags.thresholds);
        const site = flags.site === undefined ? undefined : { text: await readTextFile(flags.site, 'site file'), file: flags.site };
        const env = flags.env === undefined ? undefined : { text: await readTextFile(flags.env, 'env file'), file: flags.env };
        const settings = site === undefined ? HBASE_DEFAULT_SETTINGS : healthSettingsFromSite(site.text, site.file);
        const config = site || env ? readHealthConfig(site, env) : undefined;
        let samples: HealthSample[];
        if (checked === undefined) {
          samples = await recordedSamples(flags.jmxFiles ?? []);
        } else {
          const { everyMs, forMs } = windowMs(flags);
          const stop = new AbortController();
          const onSigint = (): void => stop.abort(new Error('interrupted'));
          process.once('SIGINT', onSigint);
          try {
            if (io.progress !== 'none') io.stderr(`sampling ${checked.join(' ')} every ${everyMs / 1000}s for ${forMs / 1000}s\n`);
            samples = await sampleHealth({ urls: checked, everyMs, forMs, now: io.now, signal: stop.signal, transport: { timeoutMs: requestTimeoutMs(flags, everyMs), retry: { maxAttempts: 2 } } });
          } finally {
            process.off('SIGINT', onSigint);
          }
          if (!samples.some((s) => s.readings.length > 0)) {
            const why = samples.flatMap((s) => s.failures).map((f) => `${f.origin}: ${f.message}`).pop() ?? 'no sample taken';
            if (flags.format === 'nagios') {
              io.stdout(`HBASE HEALTH UNKNOWN - no info server answered (${why})\n`);
              process.exitCode = NAGIOS_STATES.UNKNOWN;
              return;
            }
            throw new HotspotError('HEALTH_NO_ANSWER', `no info server answered /jmx in the window (${why})`, { field: '--jmx' });
          }
        }
        const evaluated = evaluateHealth(samples, catalogue, settings);
        const report = config === undefined ? evaluated : withCauses(evaluated, config);
        if (flags.format === 'nagios') {
          io.stdout(renderNagios(report));
          process.exitCode = NAGIOS_STATES[nagiosState(report)];
          return;
        }
        if (flags.json) printJson(io, report);
        else io.stdout(renderHealth(report));
        if (report.items.some((i) => i.status === 'fail')) process.exitCode = EXIT_FINDING;
      });
  },
};
