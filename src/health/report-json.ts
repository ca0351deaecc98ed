/**
 * Reading a `health --json` file back (for `report --health`): the shape is checked field by field so that any other
 * JSON (a load series, a lint report) is refused with the file and the first field that does not fit.
 *
 * @module
 */
import { HotspotError } from '../util/errors.js';
import { jsonErrorText, jsonPreview } from '../util/input-text.js';
import { jsonSyntaxPlace } from '../util/json-position.js';
import { HEALTH_ITEMS } from './catalogue.js';
import type { HealthCause } from './causes.js';
import type { HealthItem, HealthReport, HealthStatus } from './evaluate.js';

const STATUSES: readonly HealthStatus[] = ['pass', 'fail', 'not-measured'];

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Parses the text of a `health --json` output.
 * @param file - where the text came from, for messages.
 * @returns the report as written (items in file order).
 * @throws {@link HotspotError} `HEALTH_JSON_INVALID` naming the file and the field (`items`, `items[2].status`,
 *   `items[0].causes[1].from`): text that is not JSON (naming its line and column instead), no `items` array, an item whose `item` is not a catalogue
 *   item, a `status` other than pass / fail / not-measured, a `value` or `threshold` neither a number nor null, a
 *   `server`, `unit`, `reason` or `source` that is not text, `causes` that are not `{setting, value, from, lint?}`.
 */
export function parseHealthReportJson(text: string, file: string): HealthReport {
  const bad = (message: string, field?: string): HotspotError =>
    new HotspotError('HEALTH_JSON_INVALID', `not a health JSON: ${message}; write one with hbase-hotspot health --json > health.json`, { file, ...(field === undefined ? {} : { field }) });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new HotspotError('HEALTH_JSON_INVALID', `not a health JSON: not JSON (${jsonErrorText(err)}); write one with hbase-hotspot health --json > health.json`, { file, ...jsonSyntaxPlace(text), cause: err });
  }
  if (!isObject(json) || !Array.isArray(json['items'])) throw bad('no "items" array', 'items');
  const str = (o: Json, key: string, field: string): string => {
    const v = o[key];
    if (typeof v !== 'string') throw bad(`${key} is ${v === undefined ? 'missing' : jsonPreview(v)}, not text`, `${field}.${key}`);
    return v;
  };
  const num = (o: Json, key: string, field: string): number | null => {
    const v = o[key];
    if (v !== null && (typeof v !== 'number' || !Number.isFinite(v))) throw bad(`${key} is ${v === undefined ? 'missing' : jsonPreview(v)}, not a number or null`, `${field}.${key}`);
    return v;
  };
  const items = json['items'].map((raw, i): HealthItem => {
    const field = `items[${i}]`;
    if (!isObject(raw)) throw bad('an item is not an object', field);
    const name = str(raw, 'item', field);
    const item = HEALTH_ITEMS.find((n) => n === name);
    if (item === undefined) throw bad(`unknown item "${name}"; the items are ${HEALTH_ITEMS.join(', ')}`, `${field}.item`);
    const status = STATUSES.find((s) => s === raw['status']);
    if (status === undefined) throw bad(`status is ${raw['status'] === undefined ? 'missing' : jsonPreview(raw['status'])}; expected ${STATUSES.join(', ')}`, `${field}.status`);
    if (!Array.isArray(raw['causes'])) throw bad('causes is not an array', `${field}.causes`);
    const causes = raw['causes'].map((c, j): HealthCause => {
      const cf = `${field}.causes[${j}]`;
      if (!isObject(c)) throw bad('a cause is not an object', cf);
      const lint = c['lint'];
      if (lint !== undefined && !isObject(lint)) throw bad('lint is not an object', `${cf}.lint`);
      return {
        setting: str(c, 'setting', cf), value: str(c, 'value', cf), from: str(c, 'from', cf),
        ...(lint === undefined ? {} : { lint: { code: str(lint, 'code', `${cf}.lint`), severity: str(lint, 'severity', `${cf}.lint`), message: str(lint, 'message', `${cf}.lint`) } }),
      };
    });
    return {
      item, server: str(raw, 'server', field), value: num(raw, 'value', field), unit: str(raw, 'unit', field), threshold: num(raw, 'threshold', field),
      status, reason: str(raw, 'reason', field), source: str(raw, 'source', field), causes, ...(raw['shared'] === true ? { shared: true as const } : {}),
    };
  });
  const unansweredRaw = json['unanswered'] ?? [];
  if (!Array.isArray(unansweredRaw)) throw bad('unanswered is not an array', 'unanswered');
  const unanswered = unansweredRaw.map((u, i) => {
    if (!isObject(u)) throw bad('an entry is not an object', `unanswered[${i}]`);
    return { origin: str(u, 'origin', `unanswered[${i}]`), message: str(u, 'message', `unanswered[${i}]`) };
  });
  return { items, unanswered };
}
