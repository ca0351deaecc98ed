/**
 * One `/jmx` answer read for `health`: the RegionServers' `sub=Server` beans (HBase
 * `MetricsRegionServerSourceImpl`, named by `tag.serverName`), their `sub=IPC` bean (`MetricsHBaseServerSourceImpl`,
 * which carries no server name) and the master's AssignmentManager bean (`MetricsAssignmentManagerSourceImpl`:
 * `ritCount`, `ritCountOverThreshold`). HBase 2.4, 2.5 and 2.6 register that bean as `sub=AssignmentManager`
 * (`MetricsAssignmentManagerSource.METRICS_JMX_CONTEXT`); the misspelt `sub=AssignmentManger` is read too. Works on a whole `/jmx` dump or on the answers of narrower `qry=` requests joined together.
 *
 * @module
 */
import { jmxBeansNamed } from '../sources/jmx.js';
import { HotspotError } from '../util/errors.js';
import { jsonErrorText, jsonPreview } from '../util/input-text.js';
import { jsonSyntaxPlace } from '../util/json-position.js';

/** The ObjectName patterns `health` asks a live info server for, one request each. */
export const HEALTH_QUERIES = [
  'Hadoop:service=HBase,name=RegionServer,sub=Server',
  'Hadoop:service=HBase,name=RegionServer,sub=IPC',
  'Hadoop:service=HBase,name=Master,*',
] as const;

const RS_SERVER = /^Hadoop:service=HBase,name=RegionServer,sub=Server(-\d+)?$/;

/**
 * The `sub=Server` counters the checklist takes differences of (`evaluate.ts`): past 2^53 - 1 a double no longer holds
 * every whole number, so a difference of two readings is wrong; JSON reads one past a double's range as Infinity.
 */
const RS_COUNTERS = ['blockCacheHitCount', 'blockCacheMissCount', 'PauseTimeWithGc_num_ops', 'pauseWarnThresholdExceeded', 'FlushTime_num_ops', 'flushedMemstoreBytes', 'updatesBlockedTime'] as const;
const RS_IPC = /^Hadoop:service=HBase,name=RegionServer,sub=IPC(-\d+)?$/;
const MASTER_SERVER = /^Hadoop:service=HBase,name=Master,sub=Server(-\d+)?$/;
const MASTER_AM = /^Hadoop:service=HBase,name=Master,sub=AssignmentMana?ger(-\d+)?$/;

/** A bean's numeric attributes, by name. */
export type BeanNumbers = Readonly<Record<string, number>>;

/** One RegionServer in one answer. */
export interface RegionServerReading {
  /** `host,port,startcode` (`tag.serverName`). */
  readonly server: string;
  /** The `sub=Server` bean's numbers. */
  readonly metrics: BeanNumbers;
  /** The `sub=IPC` bean's numbers, when the answer holds exactly one RegionServer to give them to. */
  readonly ipc?: BeanNumbers;
}

/** The master in one answer. */
export interface MasterReading {
  /** `tag.serverName` of `Master,sub=Server`, else the answer's origin. */
  readonly server: string;
  /** The AssignmentManager bean's numbers. */
  readonly assignment: BeanNumbers;
}

/** What one answer says. */
export interface HealthReading {
  /** The URL or file it came from. */
  readonly origin: string;
  readonly regionServers: readonly RegionServerReading[];
  readonly master?: MasterReading;
  /**
   * True when the answer holds the beans of more than one HBase server (a master and RegionServers, or several
   * RegionServers, in one JVM, as in the local cluster): its JVM figures (GC pauses) and its unattributed IPC bean
   * belong to all of them.
   */
  readonly sharedJvm: boolean;
}

function numbers(bean: Record<string, unknown>): BeanNumbers {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(bean)) if (typeof v === 'number' && Number.isFinite(v)) out[k] = v;
  return out;
}

/**
 * Reads the health beans of one `/jmx` answer.
 * @param origin - where the text came from (URL or file), for messages and items.
 * @throws {@link HotspotError} `HEALTH_JMX_INVALID` naming the origin, for text that is not JSON (with the line and
 *   column where it stops being JSON) or has no `beans` array, a `sub=Server` bean without `tag.serverName` or with a counter the checklist reads past 2^53 - 1 (or
 *   past a double's range), or an answer with no RegionServer or master bean at all.
 */
export function parseHealthReading(text: string, origin: string): HealthReading {
  // The error's place names the origin; the message does not repeat it.
  const fail = (message: string): HotspotError => new HotspotError('HEALTH_JMX_INVALID', `${message}; expected the answer of a RegionServer's or the master's /jmx`, { file: origin });
  try {
    JSON.parse(text);
  } catch (err) {
    throw new HotspotError('HEALTH_JMX_INVALID', `not JSON (${jsonErrorText(err)}); expected the answer of a RegionServer's or the master's /jmx`, { file: origin, ...jsonSyntaxPlace(text), cause: err });
  }
  jmxBeansNamed(text, '', fail); // throws unless it has a beans array
  const all = allBeans(text);
  const named = (re: RegExp): Record<string, unknown>[] => all.filter((b) => typeof b['name'] === 'string' && re.test(b['name']));
  const seen = new Set<string>();
  const servers: { server: string; metrics: BeanNumbers }[] = [];
  for (const bean of named(RS_SERVER)) {
    const server = bean['tag.serverName'];
    if (typeof server !== 'string' || server === '') throw fail(`the bean ${String(bean['name'])} has no "tag.serverName"`);
    for (const name of RS_COUNTERS) {
      const v = bean[name];
      if (typeof v === 'number' && !(Number.isFinite(v) && Math.abs(v) <= Number.MAX_SAFE_INTEGER)) {
        throw new HotspotError('HEALTH_JMX_INVALID', `RegionServer ${server}: ${name} is ${jsonPreview(v)}; a counter past 2^53 - 1 no longer counts one by one`, { file: origin, field: name });
      }
    }
    if (seen.has(server)) continue;
    seen.add(server);
    servers.push({ server, metrics: numbers(bean) });
  }
  const [ipcBean] = named(RS_IPC);
  const regionServers = servers.map((s) => (servers.length === 1 && ipcBean ? { ...s, ipc: numbers(ipcBean) } : s));
  const [amBean] = named(MASTER_AM);
  const [masterBean] = named(MASTER_SERVER);
  const masterName = typeof masterBean?.['tag.serverName'] === 'string' && masterBean['tag.serverName'] !== '' ? masterBean['tag.serverName'] : origin;
  if (regionServers.length === 0 && !amBean) throw fail('no RegionServer sub=Server bean and no master AssignmentManager bean');
  const serverCount = regionServers.length + (masterBean || amBean ? 1 : 0);
  return {
    origin,
    regionServers,
    ...(amBean ? { master: { server: masterName, assignment: numbers(amBean) } } : {}),
    sharedJvm: serverCount > 1,
  };
}

/** Every bean of a `/jmx` answer (already checked to be JSON with a `beans` array), duplicates by name dropped. */
function allBeans(text: string): Record<string, unknown>[] {
  const beans = (JSON.parse(text) as { beans: unknown[] }).beans;
  const byName = new Map<string, Record<string, unknown>>();
  for (const b of beans) {
    if (typeof b !== 'object' || b === null) continue;
    const name = (b as { name?: unknown }).name;
    if (typeof name === 'string' && !byName.has(name)) byName.set(name, b as Record<string, unknown>);
  }
  return [...byName.values()];
}

/**
 * Joins the answers of several `qry=` requests to one info server into one `/jmx` text.
 * @throws {@link HotspotError} `HEALTH_JMX_INVALID` for an answer that is not JSON or has no `beans` array.
 */
export function joinJmxAnswers(texts: readonly string[], origin: string): string {
  const beans: unknown[] = [];
  for (const text of texts) {
    jmxBeansNamed(text, '', (m) => new HotspotError('HEALTH_JMX_INVALID', `${m}; expected the answer of /jmx`, { file: origin }));
    beans.push(...(JSON.parse(text) as { beans: unknown[] }).beans);
  }
  return JSON.stringify({ beans });
}
