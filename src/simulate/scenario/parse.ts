/**
 * Reads a scenario file (YAML) into a {@link Scenario}. Every problem is a HotspotError naming the file, the line and
 * the field, and unknown fields are rejected (a misspelt field is never silently ignored). The schema is documented
 * in `docs/scenarios.md`.
 *
 * @module
 */
import { LineCounter } from 'yaml';
import { checkYamlDocument, parseYamlDocument } from '../../util/yaml-guard.js';
import { HotspotError } from '../../util/errors.js';
import { readFields, readIdFormat } from './fields.js';
import { readPattern, readPopularity, readPreSplit, readSplitPolicy } from './sections.js';
import type { BulkLoadSpec, ClusterSpec, DesignSpec, Scenario, ScenarioTable, TableSpec, WorkloadSpec } from './types.js';
import { YamlField } from './yaml-field.js';
import { readIndexList } from '../../index-tables/definition.js';

/** HBase's default balancer period (`hbase.balancer.period`), 5 minutes. */
export const DEFAULT_BALANCER_INTERVAL_MS = 300_000;

function readCluster(field: YamlField): ClusterSpec {
  const get = field.required().object(['regionServers', 'addServers', 'balancer', 'balancerInterval']);
  const addServers = get('addServers').present
    ? get('addServers').list().map((item) => {
        const join = item.object(['at', 'count']);
        return { atMs: join('at').durationMs({ allowZero: true }), count: join('count').number({ integer: true, positive: true, max: 10_000 }) };
      })
    : [];
  return {
    regionServers: get('regionServers').number({ integer: true, positive: true, max: 10_000 }),
    addServers,
    balancer: get('balancer').oneOf(['region-count', 'request-aware', 'none'] as const, 'region-count'),
    balancerIntervalMs: get('balancerInterval').durationMs({ fallback: DEFAULT_BALANCER_INTERVAL_MS }),
  };
}

const TABLE_FIELDS = ['name', 'rowSizeBytes', 'preSplit', 'splitPolicy'];

function readTable(field: YamlField, regionServers: number): TableSpec {
  return readTableFields(field.required().object(TABLE_FIELDS), regionServers);
}

function readTableFields(get: (key: string) => YamlField, regionServers: number): TableSpec {
  return {
    name: get('name').string(),
    rowSizeBytes: get('rowSizeBytes').number({ positive: true }),
    preSplit: get('preSplit').present ? readPreSplit(get('preSplit'), regionServers) : { kind: 'none' },
    ...(get('preSplit').present ? { preSplitLine: get('preSplit').line } : {}),
    splitPolicy: readSplitPolicy(get('splitPolicy')),
  };
}

function readBulkLoad(field: YamlField): BulkLoadSpec {
  const get = field.object(['at', 'rows', 'span']);
  return {
    atMs: get('at').durationMs({ allowZero: true }),
    rows: get('rows').number({ integer: true, positive: true, max: 1e12 }),
    spanMs: get('span').durationMs({ fallback: 3_600_000 }),
  };
}

function readWorkload(field: YamlField): WorkloadSpec {
  const get = field.required().object(['entities', 'timeField', 'fields', 'writeRatePerSec', 'peakWriteRatePerSec', 'peakHourUtc', 'reads', 'bulkLoads']);
  const entity = get('entities').required().object(['field', 'count', 'idFormat', 'popularity']);
  const idFormat = readIdFormat(entity('idFormat'));
  const rate = get('writeRatePerSec');
  // 0 only for a workload of counter increments or deletes alone (checked once the reads are read)
  const writeRatePerSec = rate.raw === 0 ? 0 : rate.number({ positive: true });
  const peak = get('peakWriteRatePerSec');
  if (peak.present && peak.number({ positive: true }) < writeRatePerSec) {
    throw peak.error(`must be at least writeRatePerSec (${writeRatePerSec}), got ${String(peak.raw)}`);
  }
  if (peak.present && peak.number() > 2 * writeRatePerSec) {
    throw peak.error(`must be at most twice writeRatePerSec (${2 * writeRatePerSec}) for a daily curve that never goes negative, got ${String(peak.raw)}`);
  }
  const entityField = entity('field').string();
  const timeField = get('timeField').string('ts');
  const fields = readFields(get('fields'), [entityField, timeField]);
  const knowable = [entityField, ...fields.map((f) => f.name)];
  const reads = get('reads').present ? get('reads').list().map((item) => readPattern(item, knowable)) : [];
  if (writeRatePerSec === 0 && !reads.some((r) => r.kind === 'increment' || r.kind === 'delete')) {
    throw rate.error('must be a positive number (0 only when the reads include increments or deletes), got 0');
  }
  return {
    entities: {
      field: entityField,
      count: entity('count').number({ integer: true, positive: true, max: 1e9 }),
      idFormat,
      popularity: readPopularity(entity('popularity')),
    },
    timeField,
    ...(fields.length > 0 ? { fields } : {}),
    writeRatePerSec,
    ...(peak.present ? { peakWriteRatePerSec: peak.number() } : {}),
    peakHourUtc: get('peakHourUtc').number({ min: 0, max: 23.99, fallback: 14 }),
    reads,
    ...(get('bulkLoads').present ? { bulkLoads: get('bulkLoads').list().map(readBulkLoad) } : {}),
  };
}

function readDesigns(field: YamlField, regionServers: number): DesignSpec[] {
  const items = field.required().list();
  if (items.length < 2) throw field.error(`needs two or more designs to compare, got ${items.length}`);
  const names = new Set<string>();
  return items.map((item) => {
    const get = item.object(['name', 'template', 'preSplit']);
    const name = get('name').string();
    if (names.has(name)) throw get('name').error(`duplicate design name ${JSON.stringify(name)}`);
    names.add(name);
    const template = get('template');
    return {
      name,
      template: template.string(),
      templateLine: template.line,
      ...(get('preSplit').present ? { preSplit: readPreSplit(get('preSplit'), regionServers) } : {}),
    };
  });
}

/**
 * `tables:`, several tables sharing the RegionServers: each item is a `table` section's fields plus its `template`
 * (the table's key design) and its own `workload`. Table names must differ.
 */
function readTables(field: YamlField, regionServers: number): ScenarioTable[] {
  const items = field.list();
  if (items.length === 0) throw field.error('must list at least one table');
  const names = new Set<string>();
  return items.map((item, i) => {
    const get = item.object([...TABLE_FIELDS, 'template', 'workload']);
    const table = readTableFields(get, regionServers);
    if (names.has(table.name)) throw get('name').error(`duplicate table name ${JSON.stringify(table.name)}`);
    names.add(table.name);
    const template = get('template').required();
    const design: DesignSpec = { name: table.name, template: template.string(), templateLine: template.line, field: `tables[${i}]` };
    return { table, workload: readWorkload(get('workload')), design };
  });
}

/**
 * Parses scenario YAML text.
 *
 * @param text - the file's contents.
 * @param file - the file name as the user gave it, used in every error.
 * @returns the scenario (templates not yet compiled; see `compileDesigns`).
 * @throws HotspotError `SCENARIO_YAML` for YAML syntax errors, `SCENARIO_UNKNOWN_FIELD` for unknown fields and
 *   `SCENARIO_INVALID` for missing or bad values, each naming `file:line (field)` and what is expected.
 */
export function parseScenario(text: string, file: string): Scenario {
  const lines = new LineCounter();
  const doc = parseYamlDocument(text, file, { lineCounter: lines, prettyErrors: false });
  const first = doc.errors[0];
  if (first) {
    const line = lines.linePos(first.pos[0]).line;
    throw new HotspotError('SCENARIO_YAML', `not valid YAML: ${first.message.split('\n')[0] ?? ''}`, { file, line });
  }
  checkYamlDocument(doc, file, (offset) => ({ line: lines.linePos(offset).line }), 'SCENARIO_YAML');
  const root = new YamlField(doc.contents, '', file, lines, 1);
  if (!root.present) throw new HotspotError('SCENARIO_INVALID', 'the scenario file is empty', { file, line: 1 });
  const get = root.object(['name', 'start', 'duration', 'step', 'cluster', 'table', 'workload', 'designs', 'indexes', 'tables']);
  const durationMs = get('duration').durationMs();
  const stepMs = get('step').durationMs({ fallback: 60_000 });
  if (stepMs > durationMs) throw get('step').error(`must not be longer than duration (${String(get('duration').raw)})`);
  if (durationMs / stepMs > 100_000) throw get('step').error(`gives ${Math.ceil(durationMs / stepMs)} steps; use a step of at least ${Math.ceil(durationMs / 100_000 / 1000)}s`);
  const common = { name: get('name').string(), file, startMs: get('start').timeMs(), durationMs, stepMs, cluster: readCluster(get('cluster')) };
  if (get('tables').present) {
    for (const other of ['table', 'workload', 'designs', 'indexes']) {
      if (get(other).present) throw get(other).error(`a scenario of several tables gives each table its own section under tables: remove "${other}"`);
    }
    const tables = readTables(get('tables'), common.cluster.regionServers);
    const head = tables[0] as ScenarioTable;
    return { ...common, table: head.table, workload: head.workload, designs: tables.map((t) => t.design), tables };
  }
  const table = readTable(get('table'), common.cluster.regionServers);
  return {
    ...common,
    table,
    workload: readWorkload(get('workload')),
    designs: readDesigns(get('designs'), common.cluster.regionServers),
    ...(get('indexes').present ? { indexes: readIndexList(get('indexes'), { file, mainTable: table.name }) } : {}),
  };
}
