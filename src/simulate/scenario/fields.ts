/**
 * Reads `workload.fields`: extra template fields, each with a generator (`sequence`, `choice`, `entity`, `time`,
 * `derived`, `random`; `docs/scenarios.md` has the forms). Every problem names the file, the line and the field
 * (`workload.fields.tenant.weights`).
 *
 * @module
 */
import { compileTemplate } from '../../keys/template/index.js';
import { isHotspotError } from '../../util/errors.js';
import { ID_FORMAT_MAX_WIDTH, idFormatWidthPastLimit, popularityWeight } from '../entities.js';
import { readPopularity } from './sections.js';
import type { EntitiesSpec, FieldGeneratorSpec, FieldSpec } from './types.js';
import type { YamlField } from './yaml-field.js';

const KINDS = ['sequence', 'choice', 'entity', 'time', 'derived', 'random'] as const;
const KNOWN: Record<(typeof KINDS)[number], readonly string[]> = {
  sequence: ['start', 'step', 'width'],
  choice: ['values', 'weights', 'popularity'],
  entity: ['count', 'idFormat', 'popularity'],
  time: [],
  derived: ['expression'],
  random: ['min', 'max', 'width'],
};

/**
 * An entity id format (`workload.entities.idFormat`, or an `entity` field's `idFormat`).
 * @throws HotspotError `SCENARIO_INVALID` at the field for a format without exactly one number placeholder or wider
 *   than {@link ID_FORMAT_MAX_WIDTH}.
 */
export function readIdFormat(field: YamlField): string {
  const idFormat = field.string();
  if (!/^[^%]*%0?\d*[dx][^%]*$/.test(idFormat)) {
    throw field.error(`must hold exactly one %d, %0Nd, %x or %0Nx, e.g. "sensor-%06d", got ${JSON.stringify(idFormat)}`);
  }
  const wide = idFormatWidthPastLimit(idFormat);
  if (wide !== undefined) throw field.error(`the width ${wide} of the number must be at most ${ID_FORMAT_MAX_WIDTH}`);
  return idFormat;
}

function readEntities(get: (key: string) => YamlField, field: string): EntitiesSpec {
  const idFormat = readIdFormat(get('idFormat'));
  return { field, count: get('count').number({ integer: true, positive: true, max: 1e9 }), idFormat, popularity: readPopularity(get('popularity')) };
}

function width(field: YamlField): { width?: number } {
  return field.present ? { width: field.number({ integer: true, positive: true, max: ID_FORMAT_MAX_WIDTH }) } : {};
}

function readChoice(get: (key: string) => YamlField): FieldGeneratorSpec {
  const values = get('values').required().list().map((item) => {
    const raw = item.raw;
    if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
    return item.string();
  });
  if (values.length === 0) throw get('values').error('must list at least one value');
  if (get('weights').present && get('popularity').present) throw get('popularity').error('give weights or popularity, not both');
  if (get('weights').present) {
    const items = get('weights').list();
    if (items.length !== values.length) throw get('weights').error(`must give one weight per value (${values.length}), got ${items.length}`);
    return { kind: 'choice', values, weights: items.map((w) => w.number({ positive: true })) };
  }
  const popularity = readPopularity(get('popularity'));
  return { kind: 'choice', values, weights: values.map((_, i) => popularityWeight(popularity, values.length, i)) };
}

function readGenerator(name: string, field: YamlField, known: readonly string[]): FieldGeneratorSpec {
  const kind = field.object(['kind', ...new Set(Object.values(KNOWN).flat())])('kind').oneOf(KINDS);
  const get = field.object(['kind', ...KNOWN[kind]]);
  if (kind === 'sequence') {
    return { kind, start: get('start').number({ integer: true, fallback: 0 }), step: get('step').number({ integer: true, fallback: 1 }), ...width(get('width')) };
  }
  if (kind === 'choice') return readChoice(get);
  if (kind === 'entity') return { kind, entities: readEntities(get, name) };
  if (kind === 'time') return { kind };
  if (kind === 'random') {
    const min = get('min').number({ integer: true, fallback: 0 });
    const max = get('max').number({ integer: true });
    if (max < min) throw get('max').error(`must be at least min (${min}), got ${max}`);
    return { kind, min, max, ...width(get('width')) };
  }
  const expression = get('expression');
  const text = expression.string();
  try {
    compileTemplate(`{${text}}`, { fields: known });
  } catch (err) {
    if (!isHotspotError(err)) throw err;
    throw expression.error(`expression ${JSON.stringify(text)}: ${err.message} (it may read ${known.join(', ')})`, err.code);
  }
  return { kind, expression: text, line: expression.line };
}

/**
 * `workload.fields`: a mapping of template field name to generator, in file order. A `derived` field may read the
 * entity field, the time field and the fields listed before it.
 * @param field - the `workload.fields` node (absent → no fields).
 * @param builtIn - the entity field and the time field, which a field may not redefine.
 * @throws HotspotError `SCENARIO_INVALID` / `SCENARIO_UNKNOWN_FIELD` naming `workload.fields.<name>...`, or the
 *   template compiler's code for a `derived` expression that does not compile.
 */
export function readFields(field: YamlField, builtIn: readonly string[]): FieldSpec[] {
  if (!field.present) return [];
  const node = field.node;
  const names = node && 'items' in node && Array.isArray(node.items)
    ? (node.items as { key: unknown }[]).map((p) => String((p.key as { value?: unknown } | null)?.value ?? p.key))
    : [];
  const get = field.object(names);
  const known = [...builtIn];
  return names.map((name) => {
    if (builtIn.includes(name)) throw get(name).error(`"${name}" is already the entity or time field; give this field another name`);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw get(name).error(`a field name is letters, digits and _, not starting with a digit, got ${JSON.stringify(name)}`);
    const generator = readGenerator(name, get(name), known);
    known.push(name);
    return { name, generator };
  });
}
