/**
 * `design suggest --indexes FILE`: an index key for each secondary index, spread when its value would be a hotspot of
 * its own (playbook section 6.3): a time-like value (`epochMs`, `epochSeconds`, `sequence`) is salted over itself, a
 * personal value (`pii`, `email`) is hashed, a `category` value (few distinct values) is salted over the index's
 * other fields, or left as it is with the advice to add a field of many values when it has none.
 *
 * @module
 */
import { saltBuckets } from '../lint/suggest/candidates.js';
import { indexesForLint } from '../lint/indexes.js';
import { mergeSubjects } from '../lint/load.js';
import type { Finding } from '../lint/rules/types.js';
import { lintSubject } from '../lint/run.js';
import type { IndexDefinition } from './definition.js';

const TIME_TYPES: ReadonlySet<string> = new Set(['epochMs', 'epochSeconds', 'sequence']);
const PII_TYPES: ReadonlySet<string> = new Set(['pii', 'email']);

/** The proposed key of one index. */
export interface IndexKeyProposal {
  /** The index's name. */
  readonly index: string;
  /** The key template the definition has now. */
  readonly current: string;
  /** The proposed key template. */
  readonly proposed: string;
  /** Why, in one sentence. */
  readonly reason: string;
  /** The key findings lint gives the proposed key (the same rules as `lint --indexes`). */
  readonly findings: readonly Finding[];
}

/**
 * Proposes a key for `index` on a cluster of `servers` RegionServers (salt buckets: the next power of two at or
 * above `servers`, 8 to 256, as `design suggest` uses).
 */
export function suggestIndexKey(index: IndexDefinition, servers: number): IndexKeyProposal {
  const b = saltBuckets(servers);
  const typeOf = (f: string): string => index.fields.find((x) => x.name === f)?.type ?? '';
  const names = index.fields.map((f) => f.name);
  const part = (f: string): string => (PII_TYPES.has(typeOf(f)) ? `{sha256(${f})}` : `{${f}}`);
  const body = names.map(part).join('_');
  const time = names.find((f) => TIME_TYPES.has(typeOf(f)));
  const spread = names.find((f) => typeOf(f) !== 'category' && !PII_TYPES.has(typeOf(f)));
  let proposed = body;
  let reason = 'the value spreads on its own';
  if (time !== undefined) {
    proposed = `{salt(${time},${b})}_${body}`;
    reason = `${time} is time-like: unsalted, every new entry goes to the index's last region; a salt over it spreads the writes over ${b} buckets and a lookup still computes its bucket`;
  } else if (names.some((f) => typeOf(f) === 'category')) {
    if (spread !== undefined) {
      proposed = `{salt(${spread},${b})}_${body}`;
      reason = `a category value has few distinct values: a salt over ${spread} spreads each of them over ${b} buckets`;
    } else reason = 'a category value alone cannot be spread by its own bytes: add a field of many values to the index (a composite index) and salt over it';
  } else if (names.some((f) => PII_TYPES.has(typeOf(f)))) reason = 'personal data is hashed: the hash spreads the entries and keeps the value out of the key';
  const findings = lintSubject(mergeSubjects([indexesForLint([{ ...index, key: proposed }], 'suggested')])).filter((f) => f.code.startsWith('KEY_'));
  return { index: index.name, current: index.key, proposed, reason, findings };
}
