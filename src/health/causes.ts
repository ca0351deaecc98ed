/**
 * Causes: the settings behind a failing health item. Each item reads a fixed list of `hbase-site.xml` settings and
 * `hbase-env.sh` JVM flags (see {@link CAUSE_SETTINGS}); a failing item names each with its value and where it came
 * from (`file:line`, or HBase's default when the file does not set it), and with the `lint` finding that fires for
 * that setting (the site and JVM rules of `src/lint/rules/site-rules.ts`, run over the same files).
 *
 * @module
 */
import type { JvmModel, SiteProperty, SourcePlace } from '../lint/model.js';
import { emptySubject } from '../lint/model.js';
import { SITE_RULES, siteValue } from '../lint/rules/site-rules.js';
import type { Finding } from '../lint/rules/types.js';
import { lintSubject } from '../lint/run.js';
import { parseHbaseEnv } from '../lint/site/env-sh.js';
import { parseSiteXml, siteNumber } from '../lint/site/site-xml.js';
import { formatSizeBytes } from '../util/size.js';
import type { HealthItemName } from './catalogue.js';
import type { HealthReport } from './evaluate.js';

/** One setting behind a failing item (an element of `causes` in `health --json`). */
export interface HealthCause {
  /** The setting: a site property name (`hfile.block.cache.size`) or a JVM flag (`-XX:MaxGCPauseMillis`, `heap`, `collector`). */
  readonly setting: string;
  /** Its value as written (site text, e.g. `0.2`), as read from the flags (`G1`, `8 GiB`), or HBase's default. */
  readonly value: string;
  /** `file:line` where it was set, or why the default applies (`HBase's default; hbase-site.xml does not set it`). */
  readonly from: string;
  /** The lint finding that fires for this setting over the same files, when one does. */
  readonly lint?: { readonly code: string; readonly severity: string; readonly message: string };
}

/** The configuration causes are read from: the site file's properties and the env file's JVM settings. */
export interface HealthConfig {
  /** The site file as given (`--site`), when given. */
  readonly siteFile?: string;
  readonly site: readonly SiteProperty[];
  /** The env file as given (`--env`), when given. */
  readonly envFile?: string;
  readonly jvm?: JvmModel;
}

/**
 * A site setting's HBase 2.x default (hbase-default.xml, or the code's default where that file has none), as text.
 * `hbase.regionserver.maxlogs` has no fixed default: AbstractFSWAL takes max(32, 2 × global memstore ÷ WAL roll size).
 */
export const SITE_DEFAULTS: Readonly<Record<string, string>> = {
  'hfile.block.cache.size': '0.4',
  'hbase.bucketcache.ioengine': 'none (no BucketCache)',
  'hbase.hregion.memstore.flush.size': '134217728',
  'hbase.regionserver.global.memstore.size': '0.4',
  'hbase.regionserver.maxlogs': 'max(32, 2 × global memstore size ÷ WAL roll size)',
  'hbase.hstore.compactionThreshold': '3',
  'hbase.hstore.blockingStoreFiles': '16',
  'hbase.hregion.majorcompaction': '604800000',
  'hbase.hregion.memstore.block.multiplier': '4',
  'hbase.regionserver.handler.count': '30',
};

/** JVM settings read from `hbase-env.sh`: the name in causes, the {@link JvmModel} place key, the default. */
const JVM_SETTINGS = {
  collector: { place: 'collector', fallback: "the JVM's default (G1 on JDK 9 and later)" },
  heap: { place: 'heap', fallback: "the JVM's default maximum heap (neither -Xmx nor HBASE_HEAPSIZE set)" },
  '-XX:MaxGCPauseMillis': { place: 'maxGcPause', fallback: "the collector's default (200 ms for G1)" },
} as const;

type JvmSetting = keyof typeof JVM_SETTINGS;

/** `hbase.bucketcache.*` stands for every such property the site sets (the ioengine's default when none). */
const BUCKETCACHE = 'hbase.bucketcache.*';

/** The settings that bear on each item, in the order causes list them. Items not listed get no causes. */
export const CAUSE_SETTINGS: Readonly<Partial<Record<HealthItemName, readonly string[]>>> = {
  'block-cache-hit-ratio': ['hfile.block.cache.size', BUCKETCACHE],
  'gc-pause': ['collector', 'heap', '-XX:MaxGCPauseMillis'],
  'memstore-flush-size': ['hbase.hregion.memstore.flush.size', 'hbase.regionserver.global.memstore.size', 'hbase.regionserver.maxlogs'],
  'compaction-queue': ['hbase.hstore.compactionThreshold', 'hbase.hstore.blockingStoreFiles', 'hbase.hregion.majorcompaction'],
  'store-files': ['hbase.hstore.compactionThreshold', 'hbase.hstore.blockingStoreFiles', 'hbase.hregion.majorcompaction'],
  'updates-blocked': ['hbase.hregion.memstore.block.multiplier', 'hbase.hregion.memstore.flush.size', 'hbase.hstore.blockingStoreFiles'],
  'rpc-call-queue': ['hbase.regionserver.handler.count'],
};

/**
 * Lint findings that concern a setting besides the one their path names: HEAP_CACHE_MEMSTORE judges the block cache
 * and the global memstore together.
 */
const ALSO_CONCERNS: Readonly<Record<string, readonly string[]>> = {
  'hbase.regionserver.global.memstore.size': ['HEAP_CACHE_MEMSTORE'],
};

/**
 * Reads the configuration from the text of a site file and/or an env file with lint's parsers.
 * @throws {@link HotspotError} the site parser's `LINT_XML_SYNTAX`, `LINT_SITE_SHAPE`, `LINT_SITE_VALUE` and the env
 *   parser's `LINT_ENV_SYNTAX`, `LINT_ENV_VALUE`, each naming file:line:column.
 */
export function readHealthConfig(site?: { text: string; file: string }, env?: { text: string; file: string }): HealthConfig {
  return {
    ...(site ? { siteFile: site.file } : {}),
    site: site ? parseSiteXml(site.text, site.file) : [],
    ...(env ? { envFile: env.file, jvm: parseHbaseEnv(env.text, env.file) } : {}),
  };
}

const at = (p: SourcePlace): string => `${p.file}:${p.line}`;

function jvmValue(jvm: JvmModel, setting: JvmSetting): string | undefined {
  if (setting === 'collector') return jvm.collector;
  if (setting === 'heap') return jvm.heapBytes === undefined ? undefined : formatSizeBytes(jvm.heapBytes);
  return jvm.maxGcPauseMs === undefined ? undefined : `${jvm.maxGcPauseMs} ms`;
}

/** The findings of lint's site and JVM rules that concern `setting`. */
function findingFor(findings: readonly Finding[], setting: string): Finding | undefined {
  return findings.find((f) => f.path === `site ${setting}` || f.path === `jvm ${setting}` || (ALSO_CONCERNS[setting] ?? []).includes(f.code));
}

function withLint(cause: Omit<HealthCause, 'lint'>, findings: readonly Finding[]): HealthCause {
  const f = findingFor(findings, cause.setting);
  return f === undefined ? cause : { ...cause, lint: { code: f.code, severity: f.severity, message: f.message } };
}

/**
 * The causes of one item under a configuration: every setting {@link CAUSE_SETTINGS} lists for it, with its value and
 * place, and the lint finding for it. A site setting the file leaves unset is named with HBase's default; with no
 * site file (or no env file) given, the `from` says so. The block cache's fraction gives way to
 * `hfile.block.cache.memory.size` when the site sets that above 0 bytes, as HBase 2.6 sizes the cache by it.
 */
export function causesOf(item: HealthItemName, config: HealthConfig, findings: readonly Finding[] = lintConfig(config)): HealthCause[] {
  const siteName = config.siteFile ?? 'hbase-site.xml';
  const defaultFrom = config.siteFile === undefined ? "HBase's default; no --site given" : `HBase's default; ${siteName} does not set it`;
  const subject = { ...emptySubject(), site: config.site };
  const out: HealthCause[] = [];
  for (const setting of CAUSE_SETTINGS[item] ?? []) {
    if (setting === BUCKETCACHE) {
      const set = [...new Set(config.site.filter((p) => p.name.startsWith('hbase.bucketcache.')).map((p) => p.name))];
      if (set.length === 0) out.push(withLint({ setting: 'hbase.bucketcache.ioengine', value: SITE_DEFAULTS['hbase.bucketcache.ioengine'] ?? '', from: defaultFrom }, findings));
      for (const name of set) {
        const p = siteValue(subject, name) as SiteProperty;
        out.push(withLint({ setting: name, value: p.value, from: at(p.place) }, findings));
      }
    } else if (setting in JVM_SETTINGS) {
      const s = setting as JvmSetting;
      const jvm = config.jvm;
      if (jvm === undefined) {
        out.push({ setting: s, value: 'not known', from: 'no --env given (HBASE_REGIONSERVER_OPTS / HBASE_OPTS of hbase-env.sh)' });
        continue;
      }
      const value = jvmValue(jvm, s);
      const place = jvm.places[JVM_SETTINGS[s].place];
      out.push(withLint(value === undefined || place === undefined
        ? { setting: s, value: JVM_SETTINGS[s].fallback, from: `${config.envFile ?? 'hbase-env.sh'} does not set it` }
        : { setting: s, value, from: at(place) }, findings));
    } else {
      // HBase 2.6: a block cache size in bytes above 0 is the on-heap cache's size, in place of the fraction
      const bytes = setting === 'hfile.block.cache.size' ? siteValue(subject, 'hfile.block.cache.memory.size') : undefined;
      if (bytes !== undefined && siteNumber(bytes) > 0) {
        out.push(withLint({ setting: bytes.name, value: bytes.value, from: at(bytes.place) }, findings));
        continue;
      }
      const p = siteValue(subject, setting);
      out.push(withLint(p === undefined ? { setting, value: SITE_DEFAULTS[setting] ?? '', from: defaultFrom } : { setting, value: p.value, from: at(p.place) }, findings));
    }
  }
  return out;
}

/** Lint's site and JVM rules over the configuration. */
export function lintConfig(config: HealthConfig): Finding[] {
  return lintSubject({ ...emptySubject(), site: config.site, ...(config.jvm ? { jvm: config.jvm } : {}) }, SITE_RULES);
}

/** The report with every failing item's `causes` filled from the configuration; other items keep `causes: []`. */
export function withCauses(report: HealthReport, config: HealthConfig): HealthReport {
  const findings = lintConfig(config);
  return { ...report, items: report.items.map((i) => (i.status === 'fail' ? { ...i, causes: causesOf(i.item, config, findings) } : i)) };
}
