/**
 * A design made ready to simulate: its template compiled and its pre-split points computed. Template errors are
 * re-raised naming the scenario file, the line and the field (`designs[1].template`).
 *
 * @module
 */
import { compareBytes, concatBytes, toBytesBinary } from '../bytes/index.js';
import { compileTemplate } from '../keys/template/index.js';
import type { KeyPart, RowkeyTemplate } from '../keys/types.js';
import { computeSplits } from '../regions/split-algorithms.js';
import { countBelow } from '../regions/weighted-keys.js';
import { HotspotError, isHotspotError } from '../util/errors.js';
import { formatEntityId } from './entities.js';
import { recordBuilder } from './fields.js';
import type { DesignSpec, PreSplitSpec, Scenario } from './scenario/types.js';

/** A design with its compiled template and initial split points. */
export interface PreparedDesign {
  readonly spec: DesignSpec;
  readonly template: RowkeyTemplate;
  /** Split points in ascending order (regions = splits + 1). */
  readonly splits: readonly Uint8Array[];
  /**
   * The server index (0 = `rs01`) of each pre-split region in key order, when the pre-split assigns them
   * (`preSplit.servers`); HBase's round-robin assignment when absent.
   */
  readonly assignment?: readonly number[];
}

const SALT_KINDS = new Set<KeyPart['kind']>(['salt', 'bucket', 'phoenixSalt', 'hbasewdPrefix', 'opentsdbSalt']);

/**
 * Split points for a salt-bucket pre-split: each bucket's first key (the literal bytes before the salt, then the
 * bucket's bytes), and, for `regionsPerBucket` > 1, quantiles of keys sampled from the workload's entities inside
 * each bucket (so the cuts follow where the data really is, not byte midpoints of an alphabet the key does not use),
 * cut before the key's time part so one entity's rows stay in one region.
 */
function saltSplits(scenario: Scenario, design: DesignSpec, template: RowkeyTemplate, perBucket: number, fail: (m: string) => HotspotError): Uint8Array[] {
  const at = template.parts.findIndex((p) => SALT_KINDS.has(p.kind));
  const salt = template.parts[at];
  if (!salt?.buckets || !salt.bucketBytes) throw fail(`preSplit perSaltBucket needs a salt part such as {salt(id,16)} in the template "${design.template}"`);
  const before = template.parts.slice(0, at);
  if (before.some((p) => p.kind !== 'literal')) throw fail('preSplit perSaltBucket needs the salt to come first in the key (only literal text before it)');
  const prefix = concatBytes(...before.map((p) => p.encode({})));
  const starts = Array.from({ length: salt.buckets }, (_, b) => concatBytes(prefix, salt.bucketBytes?.(b) ?? new Uint8Array(0)));
  const splits = starts.slice(1);
  if (perBucket > 1) {
    const { entities } = scenario.workload;
    const build = recordBuilder(scenario.workload, scenario.startMs, 1);
    const sample = Math.min(entities.count, 200 * salt.buckets * perBucket);
    const keys: Uint8Array[] = [];
    // cut between entities, not inside one: a split key is the key's bytes before its first time-ordered part
    const timeAt = template.parts.findIndex((p) => p.order !== 'none');
    const head = timeAt < 0 ? template.parts : template.parts.slice(0, timeAt);
    for (let s = 0; s < sample; s++) {
      const record = build(formatEntityId(entities.idFormat, Math.floor((s * entities.count) / sample)), scenario.startMs);
      keys.push(timeAt < 0 ? template.encode(record) : concatBytes(...head.map((p) => p.encode(record))));
    }
    keys.sort(compareBytes);
    starts.forEach((start, b) => {
      const end = starts[b + 1];
      // the keys are sorted: a bucket's keys are one slice, found by binary search (a filter per bucket was
      // buckets × samples comparisons, seconds for 40 buckets of 25)
      const inBucket = keys.slice(countBelow(keys, start), end ? countBelow(keys, end) : keys.length);
      for (let j = 1; j < perBucket && inBucket.length >= perBucket; j++) {
        const key = inBucket[Math.floor((j * inBucket.length) / perBucket)];
        if (key) splits.push(key);
      }
    });
  }
  return dedupe(splits);
}

function dedupe(keys: Uint8Array[]): Uint8Array[] {
  const sorted = [...keys].sort(compareBytes);
  return sorted.filter((k, i) => k.length > 0 && (i === 0 || compareBytes(k, sorted[i - 1] ?? k) !== 0));
}

function preSplitPoints(scenario: Scenario, design: DesignSpec, template: RowkeyTemplate, spec: PreSplitSpec, fail: (m: string) => HotspotError): Uint8Array[] {
  try {
    if (spec.kind === 'none') return [];
    if (spec.kind === 'algorithm') return spec.regions < 2 ? [] : computeSplits(spec.algorithm, { regions: spec.regions });
    if (spec.kind === 'list') {
      const keys = spec.splits.map((s) => toBytesBinary(s));
      const splits = dedupe(keys);
      // servers are given per region in key order: the split points must already be in that order, each once
      if (spec.servers && (splits.length !== keys.length || keys.some((k, i) => compareBytes(k, splits[i] ?? k) !== 0))) {
        throw fail('splits given with servers must be distinct, non-empty and in ascending byte order, so that each server names the region it is listed for');
      }
      return splits;
    }
    return saltSplits(scenario, design, template, spec.regionsPerBucket, fail);
  } catch (err) {
    if (isHotspotError(err) && !err.where.file) throw fail(err.message);
    throw err;
  }
}

/**
 * The designs a scenario simulates: its `designs`, then one per secondary index (`indexes:`), fed by the same
 * workload since every main write also writes the index row. An index table's key is the index key template, followed
 * for a non-unique index by `_` and the entity field standing for the main rowkey (templates cannot write the 0x00
 * separator; where a row goes depends on the value's bytes in front of it). A salted index key (salt-like first varying
 * part) is pre-split at its buckets, any other starts as one region.
 */
export function simulatedDesigns(scenario: Scenario): DesignSpec[] {
  const entity = scenario.workload.entities.field;
  const indexes = (scenario.indexes ?? []).map((ix, j): DesignSpec => {
    let salted = false;
    try {
      salted = SALT_KINDS.has(compileTemplate(ix.key).parts.find((p) => p.kind !== 'literal')?.kind ?? 'literal');
    } catch {
      // prepareDesigns reports the template's error with its place
    }
    return {
      name: `index ${ix.name}`,
      template: ix.unique ? ix.key : `${ix.key}_{${entity}}`,
      ...(ix.line === undefined ? {} : { templateLine: ix.line }),
      preSplit: salted ? { kind: 'salt-buckets', regionsPerBucket: 1 } : { kind: 'none' },
      index: ix.name,
      field: `indexes[${j}]`,
    };
  });
  return [...scenario.designs, ...indexes];
}

/**
 * Compiles every design's template (those of {@link simulatedDesigns}) and computes its pre-split.
 * @throws HotspotError naming `file:line (designs[i].template)` for a template that does not compile or reads a
 *   field the workload does not provide (the entity field, the time field and `workload.fields`: `TEMPLATE_UNKNOWN_FIELD`), or
 *   `(designs[i].preSplit)` (`SCENARIO_PRESPLIT`) for a pre-split that cannot be built, or whose `servers` are
 *   given for split points not listed distinct and in ascending byte order; `(table.preSplit)`, at its line and naming
 *   the design, when the design takes the table's pre-split.
 */
export function prepareDesigns(scenario: Scenario): PreparedDesign[] {
  const known = [scenario.workload.entities.field, scenario.workload.timeField, ...(scenario.workload.fields ?? []).map((f) => f.name)];
  return simulatedDesigns(scenario).map((spec, i) => {
    const at = spec.field ?? `designs[${i}]`;
    const where = (field: string) => ({ file: scenario.file, ...(spec.templateLine === undefined ? {} : { line: spec.templateLine }), field: `${at}.${spec.index === undefined ? field : field.replace('template', 'key')}` });
    let template: RowkeyTemplate;
    try {
      template = compileTemplate(spec.template, { fields: known });
    } catch (err) {
      if (!isHotspotError(err)) throw err;
      const hint = err.code === 'TEMPLATE_UNKNOWN_FIELD' ? ` (the workload provides ${known.slice(0, -1).join(', ')} and ${known.at(-1) ?? ''})` : '';
      throw new HotspotError(err.code, `template "${spec.template}": ${err.message}${hint}`, { ...where('template'), cause: err });
    }
    // A design without a preSplit of its own takes the table's: the error is at the table's, naming the design.
    const inherited = spec.preSplit === undefined && spec.field === undefined;
    const fail = (m: string) =>
      inherited
        ? new HotspotError('SCENARIO_PRESPLIT', `design "${spec.name}" (${at}) takes the table's pre-split: ${m}; give the design a preSplit of its own`, {
            file: scenario.file,
            ...(scenario.table.preSplitLine === undefined ? {} : { line: scenario.table.preSplitLine }),
            field: 'table.preSplit',
          })
        : new HotspotError('SCENARIO_PRESPLIT', m, where('preSplit'));
    const preSplit = spec.preSplit ?? scenario.table.preSplit;
    const splits = preSplitPoints(scenario, spec, template, preSplit, fail);
    return { spec, template, splits, ...(preSplit.kind === 'list' && preSplit.servers ? { assignment: preSplit.servers } : {}) };
  });
}
