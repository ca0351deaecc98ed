/**
 * Where one time step's writes land, in the two modes:
 * - aggregated: every representative entity writes its expected share of the step's writes at one time inside the
 *   step (one key encoded per representative, weighted);
 * - exact: every write is generated, each with its own time, an entity drawn by popularity, its own key and region.
 * Both feed the regions' counters and store sizes, a bounded key sketch per region (for split points) and a few key
 * samples per step.
 *
 * @module
 */
import type { CompiledTemplate } from '../keys/template/index.js';
import type { FieldValue, KeyRecord, RowkeyTemplate } from '../keys/types.js';
import type { KeySample } from '../model/types.js';
import type { SimCluster, SimRegion } from './cluster.js';
import type { Representatives } from './entities.js';
import type { RecordBuilder } from './fields.js';
import type { Rng } from './rng.js';

/** Keys fed to a region's sketch per step at most. */
const SKETCH_KEYS_PER_STEP = 32;
/** Writes of one step fed to the sketches in exact mode (systematic sample over the whole step). */
const SKETCH_KEYS_PER_STEP_EXACT = 2048;
const GOLDEN = 0.6180339887498949;

/** What a step's writes need to know. */
export interface StepContext {
  readonly cluster: SimCluster;
  readonly template: RowkeyTemplate;
  readonly entityField: string;
  readonly timeField: string;
  /** Builds a write's record when the workload has extra fields (`workload.fields`); entity and time field only when absent. */
  readonly record?: RecordBuilder;
  readonly rowSizeBytes: number;
  readonly rng: Rng;
  /** Key samples to keep from this step. */
  readonly samplesPerStep: number;
  /** Receives the step's key samples. */
  readonly samples: KeySample[];
  /** Writes per server index in this step (added to). */
  readonly serverWrites: number[];
}

/** The record of a write by entity `id` at `timeMs` (epoch ms, whole). */
export function recordOf(ctx: StepContext, id: string, timeMs: number): KeyRecord {
  return ctx.record ? ctx.record(id, timeMs) : { [ctx.entityField]: id, [ctx.timeField]: timeMs };
}

function land(ctx: StepContext, region: SimRegion, writes: number): void {
  region.writeRequests += writes;
  region.recentRequests += writes;
  region.sizeBytes += writes * ctx.rowSizeBytes;
  ctx.serverWrites[region.server] = (ctx.serverWrites[region.server] ?? 0) + writes;
}

/**
 * Write slots of the aggregated mode: each representative writes at one or more times per step, as many as its
 * share of the writes is worth (share × representatives, at least one), so a heavy entity's writes are spread over
 * the step like real writes are (keys that depend on the write time, such as a hash of it, then spread too).
 */
export interface SlotPlan {
  /** Representative index of each slot, in representative order. */
  readonly rep: Int32Array;
  /** Slot number within its representative and the representative's slot count. */
  readonly k: Int32Array;
  readonly of: Int32Array;
  /** Share of the step's writes the slot carries. */
  readonly share: Float64Array;
}

/** Plans the write slots for `reps` (at most about twice as many slots as representatives). */
export function planSlots(reps: Representatives): SlotPlan {
  const n = reps.ids.length;
  const counts = Array.from(reps.shares, (share) => Math.max(1, Math.round(share * n)));
  const total = counts.reduce((a, b) => a + b, 0);
  const rep = new Int32Array(total);
  const k = new Int32Array(total);
  const of = new Int32Array(total);
  const share = new Float64Array(total);
  let at = 0;
  counts.forEach((c, j) => {
    for (let i = 0; i < c; i++, at++) {
      rep[at] = j;
      k[at] = i;
      of[at] = c;
      share[at] = (reps.shares[j] ?? 0) / c;
    }
  });
  return { rep, k, of, share };
}

/** Room left in {@link stepKeys} before each key is written into it. */
const KEY_ROOM = 1024;

/**
 * The aggregated mode's keys of one step, back to back; shared by every table, since a step's keys are used only
 * within the call that writes them (key samples are copied out). Grows as needed.
 */
let stepKeys = new Uint8Array(1 << 16);

/** Makes {@link stepKeys} hold at least `size` bytes, keeping its first `used`. */
function growStepKeys(size: number, used: number): void {
  if (size <= stepKeys.length) return;
  const grown = new Uint8Array(Math.max(size, 2 * stepKeys.length));
  grown.set(stepKeys.subarray(0, used));
  stepKeys = grown;
}

/**
 * Writes `record`'s rowkey into {@link stepKeys} at `at` and returns its length: through the compiled template's
 * `encodeInto` (no key object), or, for a template without one or a key longer than the room left, through `encode`
 * and a copy (which throws the template's own errors).
 */
function encodeAt(template: RowkeyTemplate, record: KeyRecord, at: number): number {
  growStepKeys(at + KEY_ROOM, at);
  const compiled = template as Partial<CompiledTemplate>;
  if (compiled.encodeInto) {
    try {
      return compiled.encodeInto(record, stepKeys, at);
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
    }
  }
  const key = template.encode(record);
  growStepKeys(at + key.length, at);
  stepKeys.set(key, at);
  return key.length;
}

/**
 * Aggregated mode: `writes` spread over the representatives' slots by share, during `[t0Ms, t0Ms + stepMs)`. The
 * slots' keys are written back to back into one buffer and located and sketched where they lie.
 * @returns the region index each representative wrote its newest row to.
 */
export function aggregatedWrites(ctx: StepContext, slots: SlotPlan, ids: readonly string[], step: number, t0Ms: number, stepMs: number, writes: number): Int32Array {
  const n = slots.rep.length;
  const keyAt = new Int32Array(n + 1);
  const times = new Float64Array(n);
  const where = new Int32Array(n);
  const newest = new Int32Array(ids.length);
  const regions = ctx.cluster.regions;
  // per region index: slots landed there; then the open group's first slot (-1: none), weight and size
  const perRegion = new Int32Array(regions.length);
  // one record, refilled per slot: a fresh object per write was most of the step's garbage
  const record: Record<string, FieldValue> = { [ctx.entityField]: '', [ctx.timeField]: 0 };
  for (let i = 0; i < n; i++) {
    const j = slots.rep[i] ?? 0;
    // the fraction of j·φ + step/2 (x - ⌊x⌋ is exactly x % 1 for x ≥ 0, without a floating-point remainder)
    const phase = j * GOLDEN + step * 0.5;
    const frac = ((slots.k[i] ?? 0) + (phase - Math.floor(phase))) / (slots.of[i] ?? 1);
    const timeMs = Math.floor(t0Ms + frac * stepMs);
    // generated fields build their own record; otherwise the shared one is refilled
    const at = keyAt[i] as number;
    let length: number;
    if (ctx.record) length = encodeAt(ctx.template, ctx.record(ids[j] ?? '', timeMs), at);
    else {
      record[ctx.entityField] = ids[j] ?? '';
      record[ctx.timeField] = timeMs;
      length = encodeAt(ctx.template, record, at);
    }
    keyAt[i + 1] = at + length;
    const r = ctx.cluster.locate(stepKeys, at, length);
    times[i] = timeMs;
    where[i] = r;
    newest[j] = r;
    land(ctx, regions[r] as SimRegion, writes * (slots.share[i] ?? 0));
    perRegion[r] = (perRegion[r] ?? 0) + 1;
  }
  // each region's keys, in slot order, are grouped by a stride so that at most SKETCH_KEYS_PER_STEP groups remain;
  // each group enters the sketch as its first key carrying the whole group's writes
  const groupFirst = new Int32Array(regions.length).fill(-1);
  const groupWeight = new Float64Array(regions.length);
  const groupSize = new Int32Array(regions.length);
  const flush = (r: number) => {
    const first = groupFirst[r] as number;
    const at = keyAt[first] as number;
    (regions[r] as SimRegion).sketch.add(stepKeys, groupWeight[r] as number, at, (keyAt[first + 1] as number) - at);
    groupFirst[r] = -1;
    groupWeight[r] = 0;
    groupSize[r] = 0;
  };
  for (let i = 0; i < n; i++) {
    const r = where[i] ?? 0;
    const stride = Math.ceil((perRegion[r] ?? 1) / SKETCH_KEYS_PER_STEP);
    if (groupFirst[r] === -1) groupFirst[r] = i;
    groupWeight[r] = (groupWeight[r] as number) + writes * (slots.share[i] ?? 0);
    groupSize[r] = (groupSize[r] as number) + 1;
    if ((groupSize[r] as number) >= stride) flush(r);
  }
  for (let r = 0; r < regions.length; r++) if (groupFirst[r] !== -1) flush(r);
  // key samples: systematic sampling by share
  let acc = 0;
  let next = ctx.rng.next() / ctx.samplesPerStep;
  for (let i = 0; i < n && next < 1; i++) {
    acc += slots.share[i] ?? 0;
    while (next < acc && next < 1) {
      ctx.samples.push({ timeMs: times[i] ?? t0Ms, key: stepKeys.slice(keyAt[i], keyAt[i + 1]), op: 'write', weight: writes / ctx.samplesPerStep });
      next += 1 / ctx.samplesPerStep;
    }
  }
  return newest;
}

/** Region index of each representative's row at `timeMs` (used for reads in exact mode). */
export function locateRepresentatives(ctx: StepContext, ids: readonly string[], timeMs: number): Int32Array {
  const where = new Int32Array(ids.length);
  ids.forEach((id, j) => (where[j] = ctx.cluster.locate(ctx.template.encode(recordOf(ctx, id, Math.floor(timeMs))))));
  return where;
}

/** Exact mode: `count` individual writes, evenly spaced in time, entities drawn by `drawEntity`. */
export function exactWrites(ctx: StepContext, drawEntity: () => number, idOf: (i: number) => string, t0Ms: number, stepMs: number, count: number): void {
  const regions = ctx.cluster.regions;
  // a systematic sample (every stride-th write, in time order) feeds the key sketches: time-uniform like the
  // aggregated mode's representatives, so both modes see the same data median
  const stride = Math.max(1, Math.ceil(count / SKETCH_KEYS_PER_STEP_EXACT));
  const samples: KeySample[] = [];
  for (let i = 0; i < count; i++) {
    const timeMs = Math.floor(t0Ms + ((i + 0.5) * stepMs) / count);
    const key = ctx.template.encode(recordOf(ctx, idOf(drawEntity()), timeMs));
    const region = regions[ctx.cluster.locate(key)] as SimRegion;
    region.writeRequests += 1;
    region.recentRequests += 1;
    region.sizeBytes += ctx.rowSizeBytes;
    ctx.serverWrites[region.server] = (ctx.serverWrites[region.server] ?? 0) + 1;
    if (i % stride === 0) region.sketch.add(key, Math.min(stride, count - i));
    if (samples.length < ctx.samplesPerStep) samples.push({ timeMs, key, op: 'write' });
    else {
      const slot = Math.floor(ctx.rng.next() * (i + 1));
      if (slot < ctx.samplesPerStep) samples[slot] = { timeMs, key, op: 'write' };
    }
  }
  const weight = samples.length ? count / samples.length : 1;
  samples.sort((a, b) => a.timeMs - b.timeMs);
  for (const s of samples) ctx.samples.push({ ...s, weight });
}
