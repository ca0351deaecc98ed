/**
 * `design suggest`: ranked rowkey templates and pre-splits for stated fields, access patterns and load, each linted
 * with the same catalogue as `lint` and scored term by term (`score.ts`).
 *
 * @module
 */
import { compileTemplate } from '../../keys/template/index.js';
import type { AccessPattern, KeyDesign, TableModel } from '../model.js';
import type { Finding } from '../rules/types.js';
import { lintSubject } from '../run.js';
import { type Strategy, candidates } from './candidates.js';
import { type PresplitProposal, proposePresplit } from './presplit.js';
import { type ScoreTerm, scoreCandidate } from './score.js';

/** What `design suggest` is asked. */
export interface SuggestInput {
  /** Field name → type (`string`, `epochMs`, `domain`, `pii`, ...), in the order the user gave them. */
  readonly fields: Readonly<Record<string, string>>;
  /** How the application reads and writes (`--access`); the key must serve each. */
  readonly access: readonly AccessPattern[];
  /** RegionServers the table will run on (>= 1); sets salt bucket counts and the pre-split. */
  readonly servers: number;
  /** Expected writes per second over the whole table; with it, more than the heavy-write threshold per server favours
   * keys that spread writes over every region. */
  readonly writesPerSec?: number;
  /** Table name used in the proposals (default `t`). */
  readonly table?: string;
}

/** One ranked proposal. */
export interface Suggestion {
  /** 1 for the best proposal. */
  readonly rank: number;
  /** The key strategy the proposal follows. */
  readonly strategy: Strategy;
  /** The rowkey template, ready for `key encode` and `lint`. */
  readonly template: string;
  /** What the design gives up, one sentence. */
  readonly tradeoff: string;
  /** Sum of `terms`' points; higher is better. */
  readonly score: number;
  /** The score term by term, with reasons. */
  readonly terms: readonly ScoreTerm[];
  /** How to pre-split the table for this key. */
  readonly presplit: PresplitProposal;
  /** Column family proposed with it: one short family, one version, compressed, row bloom filter. */
  readonly family: string;
  /** What `lint` says about the proposal (never an error). */
  readonly findings: readonly Finding[];
}

/** The column family every proposal uses; short name, bounded versions, compression, row bloom filter. */
export const SUGGESTED_FAMILY = "{NAME => 'd', VERSIONS => 1, COMPRESSION => 'SNAPPY', BLOOMFILTER => 'ROW'}";

/**
 * Ranks candidate designs, best first; ties keep the decision guide's order. Candidates with a lint error are left out.
 * @throws HotspotError `SUGGEST_FIELD` / `SUGGEST_NO_ENTITY` (see `candidates`), template compiler errors.
 */
export function suggestDesigns(input: SuggestInput): Suggestion[] {
  const tableName = input.table ?? 't';
  const seen = new Set<string>();
  const ranked = candidates(input.fields, input.access, input.servers)
    .filter((c) => !seen.has(c.template) && seen.add(c.template))
    .map((c) => {
      const compiled = compileTemplate(c.template);
      const key: KeyDesign = { source: c.template, parts: compiled.parts, access: input.access, fieldTypes: input.fields, table: tableName };
      const presplit = proposePresplit(c, compiled, input.servers);
      const table: TableModel = {
        name: tableName,
        families: [{ name: 'd', attributes: { VERSIONS: '1', COMPRESSION: 'SNAPPY', BLOOMFILTER: 'ROW' }, place: { file: '<suggestion>', line: 1, column: 1 } }],
        attributes: {},
        splits: presplit.splits,
        place: { file: '<suggestion>', line: 1, column: 1 },
      };
      const workload = { servers: input.servers, ...(input.writesPerSec === undefined ? {} : { writesPerSec: input.writesPerSec }) };
      const findings = lintSubject({ tables: [table], site: [], keys: [key], wideRows: [], workload });
      const terms = scoreCandidate(c, key, findings, input.writesPerSec, input.servers);
      return { c, presplit, findings, terms, score: terms.reduce((s, t) => s + t.points, 0) };
    });
  // A candidate lint rejects (e.g. a reversed domain no read names) is never proposed.
  return ranked
    .filter((r) => !r.findings.some((f) => f.severity === 'error'))
    .map((r, i) => ({ r, i }))
    .sort((a, b) => b.r.score - a.r.score || a.i - b.i)
    .map(({ r }, i) => ({
      rank: i + 1,
      strategy: r.c.strategy,
      template: r.c.template,
      tradeoff: r.c.tradeoff,
      score: r.score,
      terms: r.terms,
      presplit: r.presplit,
      family: SUGGESTED_FAMILY,
      findings: r.findings,
    }));
}
