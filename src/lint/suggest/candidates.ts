/**
 * Candidate rowkey templates for stated fields and access patterns, one per strategy of the playbook's decision
 * guide (section 3.5): hash prefix (random point gets), entity + reverse timestamp (newest N of an entity), salt +
 * entity + reverse timestamp (heavy writes, time ranges), reversed domain (URL-like keys).
 *
 * @module
 */
import { HotspotError } from '../../util/errors.js';
import type { AccessPattern } from '../model.js';

/** Strategies, in the order the decision guide lists them. */
export type Strategy = 'hash-prefix' | 'entity-first' | 'salted-composite' | 'reversed-domain';

/** One candidate before scoring. */
export interface Candidate {
  readonly strategy: Strategy;
  readonly template: string;
  /** Salt buckets (salted-composite only). */
  readonly buckets?: number;
  readonly tradeoff: string;
}

const TIME_TYPES = new Set(['epochMs', 'epochSeconds']);

/** Salt buckets for `servers` RegionServers: the next power of two at or above it, 8 to 256 (two hex digits). */
export function saltBuckets(servers: number): number {
  let b = 8;
  while (b < servers && b < 256) b *= 2;
  return b;
}

/** The template expression that writes `field` of `type` into a key, readable and ordered where it can be. */
function entityExpr(field: string, type: string): string {
  if (type === 'pii' || type === 'email') return `{sha256(${field})}`;
  if (type === 'domain') return `{reverse(${field})}`;
  if (type === 'int') return `{pad(${field},10)}`;
  if (type === 'long' || type === 'sequence') return `{pad(${field},19)}`;
  return `{${field}}`;
}

/**
 * Builds the candidates for `fields` (name → type, in the order given) and `access`.
 * @throws HotspotError `SUGGEST_NO_ENTITY` when no field other than a time can lead the key, `SUGGEST_FIELD`
 *   when an access pattern names a field not in `fields`.
 */
export function candidates(fields: Readonly<Record<string, string>>, access: readonly AccessPattern[], servers: number): Candidate[] {
  for (const a of access) {
    for (const f of a.fields) {
      if (!(f in fields)) throw new HotspotError('SUGGEST_FIELD', `--access ${a.kind}:${a.fields.join('+')} names '${f}', which is not in --fields`, { field: '--access' });
    }
  }
  const time = Object.keys(fields).find((f) => TIME_TYPES.has(fields[f] ?? ''));
  const named = [...new Set(access.flatMap((a) => a.fields))].filter((f) => f !== time);
  const entities = named.length > 0 ? named : Object.keys(fields).filter((f) => f !== time).slice(0, 1);
  if (entities.length === 0) {
    throw new HotspotError('SUGGEST_NO_ENTITY', 'every field is a time; add the entity the rows belong to, e.g. --fields deviceId:string,ts:epochMs', { field: '--fields' });
  }
  const ent = entities.map((f) => entityExpr(f, fields[f] ?? 'string')).join('_');
  // Fields no read names go after the time, so keys stay unique without changing any read's order.
  const rest = Object.keys(fields).filter((f) => f !== time && !entities.includes(f)).map((f) => `_${entityExpr(f, fields[f] ?? 'string')}`).join('');
  const tail = (time === undefined ? '' : fields[time] === 'epochMs' ? `_{reverseTs(${time})}` : `_{reverseLong(${time})}`) + rest;
  const hashInput = entities.length === 1 ? (entities[0] as string) : `concat(${entities.join(',"_",')})`;
  const b = saltBuckets(servers);
  const out: Candidate[] = [
    {
      strategy: 'salted-composite',
      template: `{salt(${hashInput},${b})}_${ent}${tail}`,
      buckets: b,
      tradeoff: `writes spread over ${b} salt buckets and an entity's reads stay one scan, but a scan across entities fans out to ${b} scans and regions inside a bucket follow the ids' own spread`,
    },
    {
      strategy: 'entity-first',
      template: `${ent}${tail}`,
      tradeoff: 'newest rows of an entity come first in one short prefix scan, but one very busy entity stays on one region and pre-splits need key samples',
    },
    {
      strategy: 'hash-prefix',
      template: `{md5(${hashInput},8)}_${ent}${tail}`,
      tradeoff: 'even spread for any id distribution and HexStringSplit pre-splits line up, but keys are unreadable and entities lose their order',
    },
  ];
  const domain = Object.keys(fields).find((f) => fields[f] === 'domain');
  if (domain !== undefined && entities.includes(domain)) {
    out[1] = { ...(out[1] as Candidate), strategy: 'reversed-domain', tradeoff: 'subdomains of one site sort together for prefix scans, but a large site concentrates on few regions' };
  } else if (domain !== undefined) {
    const others = Object.keys(fields).filter((f) => f !== domain && f !== time).map((f) => entityExpr(f, fields[f] ?? 'string'));
    out.push({
      strategy: 'reversed-domain',
      template: [`{reverse(${domain})}`, ...others].join('_') + (time === undefined ? '' : `_{reverseTs(${time})}`),
      tradeoff: 'subdomains of one site sort together for prefix scans, but a large site concentrates on few regions',
    });
  }
  return out;
}
