/**
 * Fuzzing the lint readers and the YAML inputs: hbase-site.xml, hbase-env.sh, shell scripts, REST schemas, wide-row,
 * scenario, families and index definition files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe } from 'vitest';
import { parseFamiliesText } from '../../src/cli/commands/splits-families.js';
import { parseIndexDefinitions } from '../../src/index-tables/definition.js';
import { parseRestSchema } from '../../src/lint/rest-schema.js';
import { parseShellScript } from '../../src/lint/shell/script.js';
import { parseHbaseEnv } from '../../src/lint/site/env-sh.js';
import { parseSiteXml } from '../../src/lint/site/site-xml.js';
import { parseWideRows } from '../../src/lint/wide-row.js';
import { parseScenario } from '../../src/simulate/scenario/parse.js';
import { fuzzParser } from './fuzz.js';

const lint = (name: string) => readFileSync(new URL(`../fixtures/lint/${name}`, import.meta.url), 'utf8');
const scenarioDir = new URL('../fixtures/scenarios/', import.meta.url);
const scenarios = [
  ...readdirSync(scenarioDir).map((f) => readFileSync(new URL(f, scenarioDir), 'utf8')),
  readFileSync(new URL('../../examples/case-study.yaml', import.meta.url), 'utf8'),
];
const families = ['d: { VERSIONS: 1, TTL: 7776000, COMPRESSION: SNAPPY, BLOOMFILTER: ROW, DATA_BLOCK_ENCODING: FAST_DIFF }\nm: { VERSIONS: 1, TTL: FOREVER, IN_MEMORY: true }\n', '{"d": {"VERSIONS": 3}}'];

const INDEXES = [
  'indexes:\n  - {name: by_email, table: users, fields: {email: email}, unique: true, covered: [name]}\n',
  "indexes:\n  - name: by_day\n    table: events\n    indexTable: events_by_day\n    fields: {day: string, kind: string}\n    unique: false\n    key: '{salt(day,4)}_{day}_{kind}'\n    family: x\n",
];

describe('fuzz: lint inputs', () => {
  fuzzParser('hbase-site.xml', [lint('cache-site.xml'), lint('compaction-site.xml'), lint('ttl-site.xml')], (t) => parseSiteXml(t, 'hbase-site.xml'));
  fuzzParser('hbase-env.sh', [lint('regionserver-env.sh'), 'HBASE_HEAPSIZE=16g\nexport HBASE_OPTS="-XX:+UseG1GC -XX:MaxGCPauseMillis=100"\n'], (t) => parseHbaseEnv(t, 'hbase-env.sh'));
  fuzzParser('shell script', [lint('metrics.hbase'), lint('ten-families.hbase'), lint('two-families.hbase')], (t) => parseShellScript(t, 't.hbase'));
  fuzzParser('REST schema', [lint('customer-schema.json')], (t) => parseRestSchema(t, 'schema.json'));
  fuzzParser('wide-row YAML', [lint('sensor-wide.yaml')], (t) => parseWideRows(t, 'wide.yaml'));
  fuzzParser('scenario YAML', scenarios, (t) => parseScenario(t, 'scenario.yaml'));
  fuzzParser('families YAML', families, (t) => parseFamiliesText(t, 'families.yaml'));
  fuzzParser('index definitions YAML', INDEXES, (t) => parseIndexDefinitions(t, 'indexes.yaml'));
});
