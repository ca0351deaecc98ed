// Lint speed on a large schema repository: an hbase shell script of 5,000 tables (create with three families and
// 15 split points, then an alter each), a 2,000-property hbase-site.xml, and 500 rowkey templates with access
// patterns. Reports the time to parse each input and to run the whole rule catalogue over the result.
// Target: parse and lint the lot in under 5 s on a shared two-core machine, so lint can gate CI on every commit of a
// schema repository (about 4 s measured there under a load average of 14).
// Usage: npx tsx bench/lint.bench.ts [--small]
import { loadavg } from 'node:os';
import { parseAccess } from '../src/lint/access.js';
import { keyDesign } from '../src/lint/key-design.js';
import { mergeSubjects } from '../src/lint/load.js';
import { lintSubject } from '../src/lint/run.js';
import { parseShellScript } from '../src/lint/shell/script.js';
import { parseSiteXml } from '../src/lint/site/site-xml.js';

const small = process.argv.includes('--small');
const TABLES = small ? 500 : 5000;
const PROPERTIES = small ? 200 : 2000;
const KEYS = small ? 50 : 500;

const splits = Array.from({ length: 15 }, (_, i) => `'${(i + 1).toString(16)}0'`).join(', ');
const script = Array.from(
  { length: TABLES },
  (_, i) =>
    `create 'ns${i % 7}:table${i}', {NAME => 'd', VERSIONS => 1, COMPRESSION => 'SNAPPY', TTL => ${86400 * (1 + (i % 90))}},\n` +
    `  {NAME => 'm', BLOOMFILTER => 'ROWCOL'}, 'archive', SPLITS => [${splits}]  # table ${i}\n` +
    `alter 'ns${i % 7}:table${i}', {NAME => 'm', COMPRESSION => 'LZ4'}\n`,
).join('');
const site = `<configuration>\n${Array.from({ length: PROPERTIES }, (_, i) => `  <property><name>custom.setting.${i}</name><value>${i}</value></property>\n`).join('')}</configuration>\n`;
const templates = Array.from({ length: KEYS }, (_, i) => (i % 2 ? `{salt(deviceId,${16 + (i % 64)})}_{deviceId}_{reverseTs(ts)}` : `{ts}_{email}_{seq${i}}`));

function time<T>(label: string, f: () => T): [T, number] {
  const start = process.hrtime.bigint();
  const out = f();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  console.log(`  ${label.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms`);
  return [out, ms];
}

console.log(`load average ${loadavg()[0]?.toFixed(1)} on this machine (figures scale with it)`);
console.log(`${TABLES} tables (${(script.length / 2 ** 20).toFixed(1)} MiB of shell script), ${PROPERTIES} site properties, ${KEYS} rowkey templates`);
const [tables, shellMs] = time('parse hbase shell script', () => parseShellScript(script, 'schema.hbase'));
console.log(`  (${Math.round((TABLES * 2) / (shellMs / 1000)).toLocaleString('en')} statements/s)`);
const [props] = time('parse hbase-site.xml', () => parseSiteXml(site, 'hbase-site.xml'));
const access = parseAccess('latest-n:deviceId,point-get');
const [keys] = time('compile rowkey templates', () => templates.map((t) => keyDesign(t, access)));
const subject = mergeSubjects([{ tables }, { site: props }, { keys }, { workload: { servers: 20, writesPerSec: 100_000 } }]);
const [findings, lintMs] = time('run the rule catalogue', () => lintSubject(subject));
console.log(`  ${findings.length.toLocaleString('en')} findings; ${Math.round(TABLES / (lintMs / 1000)).toLocaleString('en')} tables linted/s`);
