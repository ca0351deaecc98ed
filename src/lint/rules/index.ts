/**
 * The rule catalogue: every lint rule, in the order the README and `lint --rules` list them. Add a rule by adding it
 * to one of the group files; the CLI help, JSON output and README table read this list.
 *
 * @module
 */
import { KEY_RULES } from './key-rules.js';
import { SITE_RULES } from './site-rules.js';
import { SPLIT_RULES } from './split-rules.js';
import { TABLE_RULES } from './table-rules.js';
import type { LintRule } from './types.js';
import { WIDE_ROW_RULES } from './wide-rules.js';

/** Every rule. Codes are unique and stable. */
export const RULES: readonly LintRule[] = [...TABLE_RULES, ...SPLIT_RULES, ...KEY_RULES, ...WIDE_ROW_RULES, ...SITE_RULES];

/** The rule with `code`, or `undefined`. */
export function ruleByCode(code: string): LintRule | undefined {
  return RULES.find((r) => r.code === code);
}

export type { Finding, Hit, LintRule, RegionTally, RuleScope, Severity } from './types.js';
export { SEVERITIES } from './types.js';
