/**
 * Scenario files (`docs/scenarios.md`, what `hbase-hotspot simulate` runs) as lint input: each design becomes a
 * rowkey design on a table of its own, pre-split exactly as the simulator would create it, with the scenario's
 * RegionServers and write rate as the stated load and its reads as access patterns. A scenario shares the `.yaml`
 * name with wide-row descriptions; it is told apart by its `designs` list. Its secondary indexes (`indexes:`) are
 * tables of their own, keyed as the simulator writes them and read by their indexed fields.
 *
 * @module
 */
import { toStringBinary } from '../bytes/index.js';
import { parseScenario } from '../simulate/scenario/parse.js';
import type { EntitiesSpec, PreSplitSpec, Scenario } from '../simulate/scenario/types.js';
import { prepareDesigns } from '../simulate/design.js';
import { indexAccess, indexFieldTypes } from './indexes.js';
import { keyDesign } from './key-design.js';
import type { AccessPattern, LintSubject, SplitModel, TableModel } from './model.js';

/** `RegionSplitter` class names by the scenario's algorithm names. */
const ALGORITHM_CLASS: Readonly<Record<string, string>> = { hex: 'HexStringSplit', decimal: 'DecimalStringSplit', uniform: 'UniformSplit' };

/**
 * True when `text` is a scenario rather than a wide-row description: it has a top-level `designs:` key (a wide-row
 * description never has one).
 */
export function isScenarioText(text: string): boolean {
  return /^designs[ \t]*:/m.test(text);
}

/** The access patterns a scenario's reads stand for, on its entity field. */
function accessOf(scenario: Scenario): AccessPattern[] {
  const entity = scenario.workload.entities.field;
  const out: AccessPattern[] = [];
  for (const r of scenario.workload.reads) {
    if (r.kind === 'latest') out.push({ kind: 'latest-n', fields: [entity] });
    else if (r.kind === 'time-range') out.push({ kind: 'time-range', fields: [entity] });
    else if (r.kind === 'get') out.push({ kind: 'point-get', fields: [] });
  }
  return out.filter((a, i) => out.findIndex((b) => b.kind === a.kind) === i);
}

/** Largest Java `int`: entity ids below it are typed `int`, so a 10-digit pad fits them. */
const JAVA_INT_MAX = 2_147_483_647;

/** `int` or `long` for an entity's ids written without a fixed width (`%d`, `%x`), `string` otherwise. */
function entityType(entities: EntitiesSpec): string {
  if (!/^%[dx]$/.test(entities.idFormat)) return 'string';
  return entities.count <= JAVA_INT_MAX ? 'int' : 'long';
}

/** At most this many listed values make a `choice` field a `category` (few distinct values, lint's KEY_CATEGORY_FIRST). */
const CATEGORY_MAX_VALUES = 100;

/**
 * Field types a scenario implies: the time field holds epoch ms; an entity field is a number (`int` below 2^31
 * entities, else `long`) when its ids are written without a fixed width (`%d`, `%x`), text otherwise (`sensor-%06d`);
 * `workload.fields`: an unpadded `sequence` is a `sequence`, a `choice` of at most 100 values a `category`, `time`
 * epoch ms, an unpadded `random` whose values differ in width an `int` or `long` by its range, a second `entity` as the first. Padded sequences,
 * padded randoms and derived fields stay untyped (lint then goes by their names).
 */
function fieldTypesOf(scenario: Scenario): Record<string, string> {
  const { entities, timeField, fields } = scenario.workload;
  const types: Record<string, string> = { [entities.field]: entityType(entities), [timeField]: 'epochMs' };
  for (const f of fields ?? []) {
    const g = f.generator;
    if (g.kind === 'sequence' && g.width === undefined) types[f.name] = 'sequence';
    else if (g.kind === 'choice' && g.values.length <= CATEGORY_MAX_VALUES) types[f.name] = 'category';
    else if (g.kind === 'time') types[f.name] = 'epochMs';
    else if (g.kind === 'random' && g.width === undefined && g.min >= 0 && String(g.min).length !== String(g.max).length) types[f.name] = g.max <= JAVA_INT_MAX ? 'int' : 'long';
    else if (g.kind === 'entity') types[f.name] = entityType(g.entities);
  }
  return types;
}

/**
 * Reads a scenario file into a lint subject: one table per design, named `<table>[<design>]`, holding that design's
 * key and pre-split (a `RegionSplitter` algorithm as such, salt buckets and split lists as the points the simulator
 * computes), with the scenario's servers and write rate as the workload.
 * @throws HotspotError from the scenario parser (`SCENARIO_*`, `YAML_TOO_DEEP`, template codes), each naming the file,
 *   line and field.
 */
export function parseScenarioForLint(text: string, file: string): Partial<LintSubject> {
  const scenario = parseScenario(text, file);
  const prepared = prepareDesigns(scenario);
  const access = accessOf(scenario);
  const fieldTypes = fieldTypesOf(scenario);
  const tables: TableModel[] = [];
  const keys = prepared.map((d, i) => {
    const spec = d.spec;
    const name = `${scenario.table.name}[${spec.name}]`;
    const place = { file, line: spec.templateLine ?? 1, column: 1 };
    tables.push({ name, families: [], attributes: {}, splits: splitModel(spec.preSplit ?? scenario.table.preSplit, d.splits, place), place });
    // an index table is read by its indexed fields, not by the scenario's reads
    const index = scenario.indexes?.find((ix) => ix.name === spec.index);
    const from = { origin: index === undefined ? `design '${spec.name}'` : `index ${index.name}`, place };
    if (index !== undefined) return keyDesign(spec.template, indexAccess(index), { ...fieldTypes, ...indexFieldTypes(index) }, name, from);
    return keyDesign(spec.template, access, fieldTypes, name, from);
  });
  return { tables, keys, workload: { servers: scenario.cluster.regionServers, writesPerSec: scenario.workload.writeRatePerSec } };
}

function splitModel(spec: PreSplitSpec, points: readonly Uint8Array[], place: TableModel['place']): SplitModel {
  if (points.length === 0) return { kind: 'none' };
  if (spec.kind === 'algorithm') return { kind: 'algorithm', numRegions: spec.regions, algorithm: ALGORITHM_CLASS[spec.algorithm] ?? spec.algorithm, place };
  return { kind: 'points', points: points.map((p) => toStringBinary(p)), binaryForm: true, place };
}
