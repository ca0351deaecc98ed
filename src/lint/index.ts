/**
 * Lint: the rule catalogue over table, split, rowkey, wide-row and site-configuration models read from the user's
 * files, findings and their rendering, and `design suggest`.
 */
export { lintSubject, hasErrors } from './run.js';
export { RULES, ruleByCode, SEVERITIES, type Finding, type Hit, type LintRule, type RuleScope, type Severity } from './rules/index.js';
export * from './model.js';
export { formatFindings, rulesMarkdown } from './format.js';
export { ACCESS_KINDS, FIELD_TYPES, parseAccess, parseFieldTypes } from './access.js';
export { INPUT_KINDS, inputKind, readInput, mergeSubjects, type InputKind, type ReadText } from './load.js';
export { keyDesign } from './key-design.js';
export { parseRestSchema } from './rest-schema.js';
export { parseWideRows } from './wide-row.js';
export { suggestDesigns, SUGGESTED_FAMILY, type SuggestInput, type Suggestion } from './suggest/index.js';
