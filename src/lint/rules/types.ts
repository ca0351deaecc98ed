/**
 * The shape of a lint rule and of what it reports. Rules are data: the catalogue (`rules/index.ts`) lists them, and
 * the CLI help, the JSON output and the README table are all derived from it.
 *
 * @module
 */
import type { LintSubject, SourcePlace } from '../model.js';

/** How bad a finding is. `error` fails `lint` (exit status 1). */
export type Severity = 'error' | 'warning' | 'info';

/** Severities, worst first (the order findings are printed in). */
export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

/** What a rule looks at. */
export type RuleScope = 'table' | 'key' | 'site' | 'jvm' | 'wide-row';

/** One problem a rule found, before the rule's code, severity and fix are attached. */
export interface Hit {
  /** Logical path of the thing at fault: `metrics/d` (table/family), `key {ts}_{id}`, `site hfile.block.cache.size`. */
  readonly path: string;
  /** What is wrong here, with the values that make it wrong. */
  readonly message: string;
  /** Where it was written, when known. */
  readonly place?: SourcePlace;
  /** For pre-split findings that count regions: the regions the pre-split makes and how many no key can reach. */
  readonly regions?: RegionTally;
}

/** Regions of a pre-split (`total`) and those no key of the design can ever be written to (`neverWritten`). */
export interface RegionTally {
  readonly total: number;
  readonly neverWritten: number;
}

/** A catalogue entry. */
export interface LintRule {
  /** Stable code, e.g. `CF_COUNT`; never renamed once released. */
  readonly code: string;
  /** Severity of every finding of the rule. */
  readonly severity: Severity;
  /** What the rule looks at (shown by `lint --rules`). */
  readonly scope: RuleScope;
  /** What it checks, one line. */
  readonly checks: string;
  /** Why it matters, one line. */
  readonly why: string;
  /** How to fix it, one line. */
  readonly fix: string;
  /** Runs the check over everything in the subject. Pure: no I/O. */
  check(subject: LintSubject): Hit[];
}

/** One finding as `lint` reports it (`--json` prints these objects, `location` only when known). */
export interface Finding {
  /** The rule's stable code, e.g. `CF_COUNT`. */
  readonly code: string;
  /** The rule's severity. */
  readonly severity: Severity;
  /** Logical path of the thing at fault (see {@link Hit.path}). */
  readonly path: string;
  /** What is wrong, with the values that make it wrong. */
  readonly message: string;
  /** How to fix it (the rule's fix). */
  readonly fix: string;
  /** `file:line:column` of the offending text, when known. */
  readonly location?: string;
  /** Regions the pre-split makes and how many no key can reach (`SPLIT_ALPHABET`), when counted. */
  readonly regions?: RegionTally;
}
