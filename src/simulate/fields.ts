/**
 * The records a workload writes: the entity field and the time field as always, plus the extra fields of
 * `workload.fields`, each made by its generator (`sequence`, `choice`, `entity`, `time`, `derived`, `random`).
 * Random draws come from their own seeded stream, so a scenario without extra fields draws exactly what it drew before.
 *
 * @module
 */
import { utf8Text } from '../bytes/index.js';
import { compileTemplate } from '../keys/template/index.js';
import type { FieldValue, KeyRecord } from '../keys/types.js';
import { entityIdFormatter, entitySampler } from './entities.js';
import { writesBetween } from './rate-curve.js';
import { createRng, type Rng } from './rng.js';
import type { FieldGeneratorSpec, WorkloadSpec } from './scenario/types.js';

/** Builds one write's record from its entity id and its time (epoch ms). */
export type RecordBuilder = (entityId: string, timeMs: number) => KeyRecord;

type Make = (record: Record<string, FieldValue>, timeMs: number) => FieldValue;

function padded(value: number, width: number | undefined): FieldValue {
  if (width === undefined) return value;
  const text = String(Math.abs(value)).padStart(value < 0 ? width - 1 : width, '0');
  return value < 0 ? `-${text}` : text;
}

/** Index drawn with probability proportional to `weights` (cumulative search). */
function weightedPicker(weights: readonly number[], rng: Rng): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (const w of weights) cumulative.push((total += w));
  return () => {
    const target = rng.next() * total;
    const i = cumulative.findIndex((c) => target < c);
    return i < 0 ? weights.length - 1 : i;
  };
}

function maker(generator: FieldGeneratorSpec, workload: WorkloadSpec, startMs: number, rng: Rng): Make {
  switch (generator.kind) {
    case 'sequence':
      // n = writes before this write's time since the start: a run's ids rise with time as an auto-increment does
      return (_r, t) => padded(generator.start + generator.step * Math.floor(writesBetween(workload, startMs, t)), generator.width);
    case 'choice': {
      const pick = weightedPicker(generator.weights, rng);
      return () => generator.values[pick()] ?? '';
    }
    case 'entity': {
      const draw = entitySampler(generator.entities, rng);
      const format = entityIdFormatter(generator.entities.idFormat);
      return () => format(draw());
    }
    case 'time':
      return (_r, t) => t;
    case 'random': {
      const { min, max, width } = generator;
      return () => padded(min + Math.floor(rng.next() * (max - min + 1)), width);
    }
    case 'derived': {
      const template = compileTemplate(`{${generator.expression}}`);
      return (record) => {
        const text = utf8Text(template.encode(record));
        // a number only when reading it back as one keeps its text: '007' from pad() stays text
        return /^(0|-?[1-9]\d{0,14})$/.test(text) ? Number(text) : text;
      };
    }
  }
}

/**
 * The record builder of `workload`: `{ [entityField]: id, [timeField]: t }` and, when `workload.fields` is given, each
 * extra field in file order (so a `derived` field sees the fields before it).
 * @param startMs - the simulated start, epoch ms (a `sequence` counts writes from it).
 * @param seed - seed of the generators' own random stream (`choice`, `entity`, `random`).
 */
export function recordBuilder(workload: WorkloadSpec, startMs: number, seed: number): RecordBuilder {
  const entityField = workload.entities.field;
  const timeField = workload.timeField;
  const fields = workload.fields ?? [];
  if (fields.length === 0) return (id, t) => ({ [entityField]: id, [timeField]: t });
  const rng = createRng(seed ^ 0x2545f491);
  const makers = fields.map((f) => [f.name, maker(f.generator, workload, startMs, rng)] as const);
  return (id, t) => {
    const record: Record<string, FieldValue> = { [entityField]: id, [timeField]: t };
    for (const [name, make] of makers) record[name] = make(record, t);
    return record;
  };
}
