/**
 * From inputs to report: a load series (with optional key samples) or a simulated scenario outcome, optionally
 * redacted, analysed and rendered by {@link renderReportHtml}.
 *
 * @module
 */
import { detectFromRates, detectTables, isTablesResult } from '../../analysis/detect/index.js';
import { type KeySample, type LoadSeries, computeRates, focusTable, seriesTables } from '../../model/index.js';
import { simulateScenario, type ScenarioOutcome, type SimulateScenarioOptions } from '../../simulate/simulate.js';
import type { Scenario } from '../../simulate/scenario/types.js';
import { redactOutcome } from '../redact-outcome.js';
import { redactLoad } from '../redact-series.js';
import { type ReportInput, renderReportHtml } from './page.js';
import type { HealthReport } from '../../health/evaluate.js';

/** Options of {@link seriesReport}. */
export interface SeriesReportOptions {
  readonly samples?: readonly KeySample[];
  /** Hot factor k (default that of detect). */
  readonly k?: number;
  /** Replace keys and region names with keyed stand-ins (see `redact.ts`). */
  readonly redact?: boolean;
  /** A `health --json` report to show in the health panel. */
  readonly health?: HealthReport;
}

/**
 * The HTML report of one recorded or simulated load series. A series of several tables gets a panel per table, each
 * its own detection (`detectTables`: the table's regions against its own fair share) with the cluster findings that
 * name that table (a server hot by the sum of the tables) first.
 * @throws HotspotError as {@link seriesReportInput}.
 */
export function seriesReport(series: LoadSeries, options: SeriesReportOptions = {}): string {
  return renderReportHtml(seriesReportInput(series, options));
}

/**
 * What {@link seriesReport} renders: the series (redacted when asked) analysed into one panel per table. The live page
 * (`serve`) builds it again for each new snapshot.
 * @throws HotspotError `SERIES_TOO_SHORT` (fewer than two snapshots), `DETECT_K_INVALID`, as `detectFromRates`;
 *   `DETECT_SAMPLES_TABLE` for key samples with several tables.
 */
export function seriesReportInput(series: LoadSeries, options: SeriesReportOptions = {}): ReportInput {
  const input = options.redact ? redactLoad(series, options.samples) : { series, samples: options.samples };
  const source = input.series.source;
  const subtitle = `${source.kind}${source.description ? `: ${source.description}` : ''}`;
  const tables = seriesTables(input.series);
  if (tables.length > 1) {
    const all = detectTables(input.series, { ...(input.samples ? { samples: input.samples } : {}), ...(options.k === undefined ? {} : { k: options.k }) });
    if (isTablesResult(all)) {
      return {
        title: `hbase-hotspot report: tables ${tables.join(', ')}`,
        redacted: options.redact === true,
        ...(options.health ? { health: options.health } : {}),
        panels: all.tables.map((t) => ({
          title: t.table, subtitle,
          rates: computeRates(focusTable(input.series, t.table)),
          detection: { ...t, findings: [...all.cluster.findings.filter((f) => f.table === t.table), ...t.findings] },
        })),
      };
    }
  }
  const rates = computeRates(input.series);
  const detection = detectFromRates(rates, {
    ...(input.samples ? { samples: input.samples } : {}),
    ...(options.k === undefined ? {} : { k: options.k }),
  });
  return {
    title: `hbase-hotspot report: table ${input.series.table}`,
    redacted: options.redact === true,
    panels: [{ title: input.series.table, subtitle, rates, detection, ...(input.samples ? { samples: input.samples } : {}) }],
    ...(options.health ? { health: options.health } : {}),
  };
}

/** The HTML report of a simulated scenario: every design side by side (and the health panel when `health` is given). */
export function outcomeReport(outcome: ScenarioOutcome, redacted: boolean, health?: HealthReport): string {
  return renderReportHtml({
    ...(health ? { health } : {}),
    title: `hbase-hotspot report: scenario ${outcome.scenario.name}`,
    redacted,
    panels: outcome.designs.map((d) => ({ title: d.name, subtitle: d.template, rates: computeRates(d.run.series), detection: d.detection, samples: d.run.samples })),
  });
}

/**
 * Simulates a scenario and renders its report.
 * @throws HotspotError as `simulateScenario` and the analysis.
 */
export function scenarioReport(scenario: Scenario, options: SimulateScenarioOptions & { readonly redact?: boolean; readonly health?: HealthReport } = {}): string {
  const { redact, health, ...simulation } = options;
  const outcome = simulateScenario(scenario, simulation);
  return outcomeReport(redact ? redactOutcome(outcome) : outcome, redact === true, health);
}
