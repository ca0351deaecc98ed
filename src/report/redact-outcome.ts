/**
 * `simulate --redact` and `report --redact` on a scenario: every design's series, key samples, split keys, region
 * names and RegionServer host names redacted through ONE {@link KeyRedactor} and one {@link ServerRedactor} (so a key reads the same in every design and the order holds across
 * designs), then each design analysed again from its redacted data, so no original key survives in findings or
 * evidence sentences. The analysis gives the same verdicts: redaction keeps key order, lengths and byte classes.
 *
 * @module
 */
import { detectHotspots } from '../analysis/detect/index.js';
import { analyseTables, type ScenarioOutcome } from '../simulate/simulate.js';
import { KeyRedactor } from './redact.js';
import { ServerRedactor, redactSamples, redactSeries, shownKeys, shownServers } from './redact-series.js';

/**
 * The outcome with every key and region name redacted and every design's detection recomputed.
 * The scenario itself (templates, read patterns) is kept: it describes the key design, not the data.
 * @throws HotspotError as {@link detectHotspots}.
 */
export function redactOutcome(outcome: ScenarioOutcome, secret?: Uint8Array): ScenarioOutcome {
  const splitKeys = outcome.designs.flatMap((d) => d.run.splits.map((s) => s.splitKey));
  const keys = [...shownKeys(outcome.designs.map((d) => d.run.series), outcome.designs.map((d) => d.run.samples)), ...splitKeys];
  const redactor = secret ? new KeyRedactor(keys, secret) : new KeyRedactor(keys);
  const hosts = new ServerRedactor([
    ...shownServers(outcome.designs.map((d) => d.run.series)),
    ...outcome.designs.flatMap((d) => [...d.run.servers, ...d.run.splits.map((s) => s.server), ...d.run.moves.flatMap((m) => [m.from, m.to])]),
  ]);
  const designs = outcome.designs.map((d) => {
    const series = redactSeries(d.run.series, redactor, hosts);
    const samples = redactSamples(d.run.samples, redactor);
    const names = new Map<string, string>();
    d.run.series.snapshots.forEach((snap, i) => {
      snap.regions.forEach((r, j) => names.set(r.name, series.snapshots[i]?.regions[j]?.name ?? 'redacted'));
    });
    const rename = (name: string): string => names.get(name) ?? `redacted-${redactor.redactEncodedName(name)}`;
    const run = {
      ...d.run,
      series,
      samples,
      servers: d.run.servers.map((s) => hosts.redact(s)),
      splits: d.run.splits.map((s) => ({ ...s, parent: rename(s.parent), splitKey: redactor.redactKey(s.splitKey), server: hosts.redact(s.server) })),
      moves: d.run.moves.map((m) => ({ ...m, region: rename(m.region), from: hosts.redact(m.from), to: hosts.redact(m.to) })),
    };
    return { ...d, run, detection: detectHotspots(series, { samples }) };
  });
  // several tables: analysed again together, as the simulation did
  if (outcome.scenario.tables) return { ...outcome, ...analyseTables(outcome.scenario, designs) };
  return { ...outcome, designs };
}
