/**
 * Reads a runbook file (`fix plan --json` output) back, checking the whole of it before anything uses it, so that
 * `fix apply` never runs a half-read file and the renderers never meet a field of the wrong type.
 *
 * @module
 */
import { HotspotError } from '../../util/errors.js';
import type { Runbook } from '../plan/index.js';
import { jsonErrorText, jsonPreview } from '../../util/input-text.js';
import { repeatedJsonKey } from '../../util/json-duplicates.js';
import { jsonErrorOffset, lineColumn } from '../../util/json-position.js';

const KINDS = new Set(['quota', 'balancer-off', 'split', 'move', 'balancer-on', 'quota-remove', 'replicas', 'create-salted', 'advice']);
const SHAPES = new Set(['none', 'monotonic-tail', 'hot-range', 'single-row']);
const HINT = 'give the JSON that `hbase-hotspot fix plan --json` printed';

function bad(file: string, field: string, what: string): HotspotError {
  return new HotspotError('FIX_RUNBOOK_INVALID', `${what}; ${HINT}`, { file, field });
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks the creation time: `createdAtMs` (epoch ms) is what `fix apply --max-age` measures the age from, and
 * `createdAt` is its ISO text, written from it by `fix plan`; a file where the two disagree (one of them edited by
 * hand) would print one time and judge by another, so it is refused.
 * @throws {@link HotspotError} `FIX_RUNBOOK_INVALID` naming the file and `createdAtMs` or `createdAt`.
 */
function checkCreated(book: Json, file: string): void {
  const ms = book['createdAtMs'];
  const at = book['createdAt'];
  if (ms !== undefined && !(typeof ms === 'number' && Number.isFinite(new Date(ms).getTime()))) throw bad(file, 'createdAtMs', 'is not a time in epoch ms');
  if (at === undefined) return;
  if (typeof at !== 'string') throw bad(file, 'createdAt', 'must be text');
  if (ms === undefined) throw bad(file, 'createdAtMs', `is missing beside createdAt ${jsonPreview(at)} (the age is measured from createdAtMs)`);
  const iso = new Date(ms as number).toISOString();
  if (at !== iso) throw bad(file, 'createdAt', `${jsonPreview(at)} disagrees with createdAtMs ${ms as number} (${iso}); the age is measured from createdAtMs: make the two agree`);
}

/**
 * Parses and checks a runbook: every field the renderers and `fix apply` read is there with its type.
 * @throws {@link HotspotError} `FIX_RUNBOOK_INVALID` naming the file (once) and the field, or for text that is not
 *   one JSON document the line and column where it stops being one.
 */
export function parseRunbook(source: string, file: string): Runbook {
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (e) {
    // the line and column where the JSON stops (a second document of an NDJSON file, a cut-short file)
    const at = jsonErrorOffset(source) ?? source.length;
    throw new HotspotError('FIX_RUNBOOK_INVALID', `not JSON (${jsonErrorText(e)}); ${HINT}`, { file, ...lineColumn(source, at), cause: e });
  }
  if (!isObject(json)) throw new HotspotError('FIX_RUNBOOK_INVALID', `not a runbook object; ${HINT}`, { file });
  // a field given twice (a hand edit pasting a step's commands again) would run the last one unseen
  const repeated = repeatedJsonKey(source, json);
  if (repeated !== undefined) throw new HotspotError('FIX_RUNBOOK_INVALID', 'given twice in one object (JSON keeps only the last value); state each field once', { file, field: repeated });
  const book = json;
  const text = (v: unknown, field: string): void => {
    if (typeof v !== 'string') throw bad(file, field, v === undefined ? 'is missing' : 'must be text');
  };
  const strings = (v: unknown, field: string): void => {
    if (!Array.isArray(v)) throw bad(file, field, v === undefined ? 'is missing' : 'must be a list of text');
    v.forEach((x, i) => text(x, `${field}[${i}]`));
  };
  const object = (v: unknown, field: string): Json => {
    if (!isObject(v)) throw bad(file, field, v === undefined ? 'is missing' : 'must be an object');
    return v;
  };
  const share = (v: unknown, field: string): void => {
    if (typeof v !== 'number' || !(v >= 0 && v <= 1)) throw bad(file, field, 'must be a share between 0 and 1');
  };
  if (book['format'] !== 'hbase-hotspot-runbook/1') throw bad(file, 'format', 'is not "hbase-hotspot-runbook/1"');
  text(book['table'], 'table');
  checkCreated(book, file);
  if (typeof book['shape'] !== 'string' || !SHAPES.has(book['shape'])) throw bad(file, 'shape', `must be one of ${[...SHAPES].join(', ')}`);
  if (book['hotRegion'] !== null) {
    const h = object(book['hotRegion'], 'hotRegion');
    for (const k of ['encodedName', 'startKey', 'endKey', 'server']) text(h[k], `hotRegion.${k}`);
    if (h['replicaId'] !== undefined && !(Number.isInteger(h['replicaId']) && (h['replicaId'] as number) >= 1 && (h['replicaId'] as number) <= 0xffff)) {
      throw bad(file, 'hotRegion.replicaId', 'must be a read replica id, a whole number from 1 to 65535');
    }
    share(h['share'], 'hotRegion.share');
    share(h['fairShare'], 'hotRegion.fairShare');
    if (h['nowShare'] !== undefined) share(h['nowShare'], 'hotRegion.nowShare');
    if (h['nowRequestsPerSec'] !== undefined && !(typeof h['nowRequestsPerSec'] === 'number' && h['nowRequestsPerSec'] >= 0 && Number.isFinite(h['nowRequestsPerSec']))) {
      throw bad(file, 'hotRegion.nowRequestsPerSec', 'must be a rate ≥ 0 (requests per second)');
    }
  }
  const steps = book['steps'];
  if (!Array.isArray(steps)) throw bad(file, 'steps', 'is not a list');
  steps.forEach((raw: unknown, i) => {
    const at = `steps[${i}]`;
    const s = object(raw, at);
    if (s['number'] !== i + 1) throw bad(file, `${at}.number`, `is not ${i + 1}`);
    if (typeof s['kind'] !== 'string' || !KINDS.has(s['kind'])) throw bad(file, `${at}.kind`, `${jsonPreview(s['kind'])} is not a step kind`);
    for (const k of ['title', 'why', 'check', 'undoNote']) text(s[k], `${at}.${k}`);
    strings(s['commands'], `${at}.commands`);
    strings(s['undo'], `${at}.undo`);
    if (s['region'] !== undefined) {
      const r = object(s['region'], `${at}.region`);
      for (const k of ['encodedName', 'startKey', 'server']) text(r[k], `${at}.region.${k}`);
    }
    if (s['deferredMove'] !== undefined) {
      const d = object(s['deferredMove'], `${at}.deferredMove`);
      for (const k of ['table', 'startKey', 'server']) text(d[k], `${at}.deferredMove.${k}`);
    }
    if (s['wait'] !== undefined) {
      const w = object(s['wait'], `${at}.wait`);
      text(w['table'], `${at}.wait.table`);
      if (w['kind'] === 'daughters-online') text(w['splitKey'], `${at}.wait.splitKey`);
      else if (w['kind'] === 'region-on-server') {
        text(w['startKey'], `${at}.wait.startKey`);
        text(w['server'], `${at}.wait.server`);
      } else throw bad(file, `${at}.wait.kind`, 'must be daughters-online or region-on-server');
    }
  });
  const refused = book['refused'];
  if (!Array.isArray(refused)) throw bad(file, 'refused', refused === undefined ? 'is missing' : 'must be a list');
  refused.forEach((raw: unknown, i) => {
    const r = object(raw, `refused[${i}]`);
    text(r['action'], `refused[${i}].action`);
    text(r['why'], `refused[${i}].why`);
  });
  strings(book['warnings'], 'warnings');
  strings(book['evidence'], 'evidence');
  return book as unknown as Runbook;
}
