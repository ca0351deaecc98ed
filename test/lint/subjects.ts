import { keyDesign } from '../../src/lint/key-design.js';
import { parseAccess } from '../../src/lint/access.js';
import { mergeSubjects } from '../../src/lint/load.js';
import type { LintSubject, WorkloadModel } from '../../src/lint/model.js';
import { parseShellScript } from '../../src/lint/shell/script.js';
import { parseHbaseEnv } from '../../src/lint/site/env-sh.js';
import { parseSiteXml } from '../../src/lint/site/site-xml.js';
import { parseWideRows } from '../../src/lint/wide-row.js';

/** Builders of small lint subjects from text, for rule tests. */
export const shell = (text: string): Partial<LintSubject> => ({ tables: parseShellScript(text, 's.hbase') });
export const site = (props: Record<string, string>): Partial<LintSubject> => ({
  site: parseSiteXml(
    `<configuration>${Object.entries(props).map(([n, v]) => `<property><name>${n}</name><value>${v}</value></property>`).join('')}</configuration>`,
    'site.xml',
  ),
});
export const env = (text: string): Partial<LintSubject> => ({ jvm: parseHbaseEnv(text, 'env.sh') });
export const key = (template: string, access = '', fields?: Record<string, string>): Partial<LintSubject> => ({
  keys: [keyDesign(template, access === '' ? [] : parseAccess(access), fields)],
});
export const wide = (yaml: string): Partial<LintSubject> => ({ wideRows: parseWideRows(yaml, 'w.yaml') });
export const load = (workload: WorkloadModel): Partial<LintSubject> => ({ workload });
export const subject = (...parts: Partial<LintSubject>[]): LintSubject => mergeSubjects(parts);
