/**
 * `hbase-hotspot report <series.ndjson | scenario.yaml> -o report.html [--samples keys.ndjson] [--k 3] [--redact]`:
 * one self-contained HTML file with the key-space heatmap, per-server load against the fair share and the findings;
 * for a scenario, every design simulated and shown side by side. A series may also come live or from pasted shell
 * captures, with the source options `detect` takes (`--rest`, `--list-regions`, `--status-detailed`, `--record`).
 * `--health health.json` (the output of `health --json`) adds a health panel. Two series, `report BEFORE AFTER`, make
 * the before/after page of a fix (`report-compare.ts`).
 */
import { readFile } from 'node:fs/promises';
import { DEFAULT_K } from '../../analysis/detect/index.js';
import { scenarioReport, seriesReport } from '../../report/html/build.js';
import { parseScenario } from '../../simulate/scenario/parse.js';
import { HotspotError } from '../../util/errors.js';
import { type DetectSourceFlags, detectSamples, detectSeriesTables, seriesSourceOptions } from '../detect-sources.js';
import { refuseExisting, refuseInputAsOutput, writeOutputFile } from '../output-file.js';
import type { CliCommand } from '../program.js';
import { parseK } from './detect.js';
import { checkInputFile, checkInputText, systemReason } from '../../util/input-text.js';
import { parseHealthReportJson } from '../../health/report-json.js';
import { readTextFile } from '../read-text.js';
import { type BeforeAfterFlags, beforeAfterReport, checkBeforeAfterFlags } from './report-compare.js';

interface ReportFlags extends DetectSourceFlags, BeforeAfterFlags {
  output: string;
  k?: string;
  redact?: boolean;
  health?: string;
}

/** True for a scenario file name (`.yaml` / `.yml`), false for a load series. */
export function isScenarioFile(file: string): boolean {
  return /\.ya?ml$/i.test(file);
}

/** The `report` command. */
export const reportCommand: CliCommand = {
  register(program, io) {
    seriesSourceOptions(program
      .command('report')
      .description('write a self-contained HTML report: key-space heatmap, per-server load with the fair share, findings')
      .argument('[input]', 'load series NDJSON (docs/load-series.md, - for stdin) or a scenario YAML (docs/scenarios.md); or the source options below')
      .argument('[after]', 'a second load series: the page shows input (before a fix) and this (after it) side by side on one scale, with compare\'s figures and verdict')
      .requiredOption('-o, --output <file>', 'the HTML file to write (an existing file is kept unless --force), - for stdout')
      .option('--samples <file>', 'key samples for a series (NDJSON, or one toStringBinary key per line)')
      .option('--k <factor>', `series only: hot = load above k × the peers' average (default ${DEFAULT_K})`)
      .option('--redact', 'replace rowkeys and region names with keyed stand-ins keeping length, byte class and order')
      .option('--health <file>', 'add a health panel from the output of hbase-hotspot health --json (items per server, failing first, with their causes)')
      .option('--samples-before <file>', 'before/after page: key samples of the before series (they place the load in the heatmap only)')
      .option('--samples-after <file>', 'before/after page: key samples of the after series')
      .option('--latency-before <files...>', "before/after page: RegionServers' JMX (/jmx?qry=Hadoop:service=HBase,name=RegionServer,sub=Server) saved during the before load, one file each, as compare takes them")
      .option('--latency-after <files...>', 'before/after page: the same, saved during the after load'))
      .action(async (file: string | undefined, after: string | undefined, flags: ReportFlags) => {
        checkBeforeAfterFlags(after, flags);
        const k = parseK(flags.k ?? String(DEFAULT_K));
        const target = { field: '--output', ...(flags.force ? { force: true } : {}) };
        if (flags.output !== '-') {
          refuseInputAsOutput(flags.output, [file, after, flags.samples, flags.samplesBefore, flags.samplesAfter, flags.health, ...(flags.latencyBefore ?? []), ...(flags.latencyAfter ?? []), ...(flags.listRegions ?? []), ...(flags.statusDetailed ?? [])], '--output');
          refuseExisting(flags.output, target);
        }
        const health = flags.health === undefined ? undefined : parseHealthReportJson(await readTextFile(flags.health, 'health JSON'), flags.health);
        let html: string;
        const scenario = [file, after].find((f) => f !== undefined && isScenarioFile(f));
        if (after !== undefined && scenario !== undefined) {
          throw new HotspotError('REPORT_SCENARIO_BEFORE_AFTER', 'a before/after page takes two load series; a scenario already shows its designs side by side (report SCENARIO.yaml)', { file: scenario });
        }
        if (file !== undefined && after !== undefined) {
          html = await beforeAfterReport(file, after, k, flags, io, health);
        } else if (file !== undefined && isScenarioFile(file)) {
          const live = [flags.rest && '--rest', flags.jmx && '--jmx', flags.listRegions && '--list-regions', flags.statusDetailed && '--status-detailed', flags.record && '--record'].find(Boolean);
          if (live) {
            throw new HotspotError('REPORT_SOURCE_WITH_SCENARIO', `${live} given with the scenario ${file}: a scenario is simulated, not read from a cluster; give one of them`, { field: live });
          }
          if (flags.samples !== undefined) {
            throw new HotspotError('REPORT_SAMPLES_WITH_SCENARIO', `--samples given with the scenario ${file}: a simulation makes its own key samples; drop --samples`, { field: '--samples' });
          }
          if (flags.table !== undefined) {
            throw new HotspotError('REPORT_TABLE_WITH_SCENARIO', `--table given with the scenario ${file}: a scenario simulates its one table; drop --table`, { field: '--table' });
          }
          if (flags.k !== undefined) {
            throw new HotspotError('REPORT_K_WITH_SCENARIO', `--k given with the scenario ${file}: a simulated design is analysed as simulate analyses it (k = ${DEFAULT_K}); drop --k`, { field: '--k' });
          }
          checkInputFile(file, 'scenario');
          let text: string;
          try {
            text = await readFile(file, 'utf8');
          } catch (err) {
            throw new HotspotError('SCENARIO_FILE', `cannot read the scenario (${systemReason(err)})`, { file, cause: err });
          }
          html = scenarioReport(parseScenario(checkInputText(text, file, 'scenario'), file), { redact: flags.redact === true, ...(health ? { health } : {}) });
        } else {
          const series = await detectSeriesTables(file, flags, io);
          const samples = await detectSamples(flags.samples, series, io);
          html = seriesReport(series, { k, redact: flags.redact === true, ...(samples ? { samples } : {}), ...(health ? { health } : {}) });
        }
        if (flags.output === '-') {
          io.stdout(html);
          return;
        }
        await writeOutputFile(flags.output, html, target);
        io.stderr(`wrote ${flags.output} (${Math.round(html.length / 1024)} KiB)\n`);
      });
  },
};
