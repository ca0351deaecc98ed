// Shared pieces of the local HBase scripts (start, stop, status, shell): where things live, which ports are used,
// how the classpath is built, what the JVMs are given. See docs/hbase-harness.md.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (two levels above this file). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Folder with the Maven pom that lists the HBase jars. */
export const POM_DIR = join(ROOT, 'hbase');
/** Cached classpath produced by `mvn dependency:build-classpath`. */
export const CLASSPATH_FILE = join(POM_DIR, 'target', 'hbase.classpath');
/** Throw-away state: conf, data, logs, PIDs. Gitignored. */
export const LOCAL_DIR = join(ROOT, '.hbase-local');
export const CONF_DIR = join(LOCAL_DIR, 'conf');
export const DATA_DIR = join(LOCAL_DIR, 'data');
export const LOG_DIR = join(LOCAL_DIR, 'logs');
export const STATE_FILE = join(LOCAL_DIR, 'state.json');

const HOST = '127.0.0.1';

function envPort(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65535) {
    throw new HarnessError('BAD_PORT', `${name}=${raw} is not a TCP port (1-65535); unset it or give a free port.`);
  }
  return n;
}

/**
 * Fixed ports, all bound to 127.0.0.1. The RegionServers' own ports are ephemeral (three of them share one JVM
 * and one configuration), so they are not listed.
 */
export function ports() {
  return {
    zookeeper: envPort('HBASE_ZK_PORT', 2181),
    masterRpc: 16000,
    masterInfo: 16010,
    rest: envPort('HBASE_REST_PORT', 8080),
    restInfo: envPort('HBASE_REST_INFO_PORT', 8085),
    thrift: envPort('HBASE_THRIFT_PORT', 9090),
    thriftInfo: envPort('HBASE_THRIFT_INFO_PORT', 9095),
  };
}

/** Number of in-process RegionServers. */
export const REGION_SERVERS = 3;

/** An error with a stable code; the scripts print its message and exit 1. */
export class HarnessError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'HarnessError';
    this.code = code;
  }
}

/** Runs `main`, printing a HarnessError's message (not its stack) and setting the exit code. */
export async function runMain(main) {
  try {
    await main();
  } catch (err) {
    if (err instanceof HarnessError) {
      console.error(`hbase: ${err.message}`);
      process.exitCode = 1;
    } else {
      throw err;
    }
  }
}

/** Throws a clear error when `java` is missing or older than 11. Returns the major version. */
export function checkJava() {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (r.error) {
    throw new HarnessError(
      'JAVA_MISSING',
      'java was not found on PATH. Install a JDK 17 (e.g. Debian package openjdk-17-jdk-headless) and retry.',
    );
  }
  const m = /version "(\d+)(?:\.(\d+))?/.exec(r.stderr);
  const major = m ? (m[1] === '1' ? Number(m[2]) : Number(m[1])) : NaN;
  if (!(major >= 11)) {
    throw new HarnessError('JAVA_TOO_OLD', `java on PATH reports "${r.stderr.split('\n')[0]}"; HBase 2.6 here needs JDK 17.`);
  }
  return major;
}

/** True when `mvn` can be run. */
export function hasMaven() {
  return !spawnSync('mvn', ['-v'], { encoding: 'utf8' }).error;
}

/**
 * Returns the HBase classpath (jar paths joined by ':'), building it with Maven when the cache is missing, was built
 * from another hbase/pom.xml (SHA-256 kept beside it), or names a jar that no longer exists.
 */
export function classpath({ quiet = false } = {}) {
  return mavenClasspath(POM_DIR, CLASSPATH_FILE, { quiet, what: 'the HBase jars', cacheName: 'hbase/target/hbase.classpath' });
}

/**
 * The classpath of the artifacts a pom in `pomDir` lists (`mvn dependency:build-classpath`, written to `outputFile`),
 * reused while the pom is unchanged (its SHA-256 kept beside the file) and every jar it names exists.
 * @param {string} pomDir  folder of the pom
 * @param {string} outputFile  the cache file
 * @param {{quiet?: boolean, what: string, cacheName: string}} opts  `what` names the jars and `cacheName` the cache
 *   in messages
 * @throws {HarnessError} MAVEN_MISSING without mvn and a cache, MAVEN_FAILED with Maven's last lines
 */
export function mavenClasspath(pomDir, outputFile, { quiet = false, what, cacheName }) {
  const pomHash = createHash('sha256').update(readFileSync(join(pomDir, 'pom.xml'))).digest('hex');
  const hashFile = `${outputFile}.pom-sha256`;
  if (existsSync(outputFile) && existsSync(hashFile) && readFileSync(hashFile, 'utf8').trim() === pomHash) {
    const cp = readFileSync(outputFile, 'utf8').trim();
    if (cp && cp.split(':').every((jar) => existsSync(jar))) return cp;
  }
  if (!hasMaven()) {
    throw new HarnessError(
      'MAVEN_MISSING',
      `mvn was not found on PATH and the classpath of ${what} is not cached yet (${cacheName}). ` +
        'Install Maven 3 (e.g. Debian package maven) and retry.',
    );
  }
  if (!quiet) console.log(`hbase: resolving ${what} with Maven (first run only; cached afterwards) ...`);
  const r = spawnSync(
    'mvn',
    ['-B', '-q', 'dependency:build-classpath', `-Dmdep.outputFile=${outputFile}`],
    { cwd: pomDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (r.status !== 0 || !existsSync(outputFile)) {
    const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    throw new HarnessError('MAVEN_FAILED', `mvn dependency:build-classpath failed in ${relative(ROOT, pomDir)}/ (exit ${r.status}):\n${out}`);
  }
  writeFileSync(hashFile, `${pomHash}\n`);
  return readFileSync(outputFile, 'utf8').trim();
}

/** Moves the jars whose file name starts with one of `prefixes` to the front of the classpath. */
export function orderClasspath(cp, prefixes) {
  const jars = cp.split(':');
  const isFirst = (jar) => prefixes.some((p) => jar.slice(jar.lastIndexOf('/') + 1).startsWith(p));
  return [...jars.filter(isFirst), ...jars.filter((j) => !isFirst(j))].join(':');
}

/** JVM flags that HBase's bin/hbase adds on JDK 11 and later, plus the ones it always adds. */
export const JDK11_FLAGS = [
  '-Dorg.apache.hbase.thirdparty.io.netty.tryReflectionSetAccessible=true',
  '--add-modules', 'jdk.unsupported',
  '--add-opens', 'java.base/java.io=ALL-UNNAMED',
  '--add-opens', 'java.base/java.nio=ALL-UNNAMED',
  '--add-opens', 'java.base/sun.nio.ch=ALL-UNNAMED',
  '--add-opens', 'java.base/java.lang=ALL-UNNAMED',
  '--add-opens', 'java.base/jdk.internal.ref=ALL-UNNAMED',
  '--add-opens', 'java.base/java.lang.reflect=ALL-UNNAMED',
  '--add-opens', 'java.base/java.util=ALL-UNNAMED',
  '--add-opens', 'java.base/java.util.concurrent=ALL-UNNAMED',
  '--add-exports', 'java.base/jdk.internal.misc=ALL-UNNAMED',
  '--add-exports', 'java.security.jgss/sun.security.krb5=ALL-UNNAMED',
  '--add-exports', 'java.base/sun.net.dns=ALL-UNNAMED',
  '--add-exports', 'java.base/sun.net.util=ALL-UNNAMED',
];

/**
 * Full `java` argument list for one HBase process.
 * @param {string} name  process name (log file and -Dproc_ tag)
 * @param {string} heap  -Xmx value, e.g. "2g"
 * @param {string} mainClass
 * @param {string[]} args
 * @param {{log4jConf?: string, first?: string[], prepend?: string[], jvmOpts?: string[]}} [opts]  log4j2 file in
 *   conf/; jar name prefixes to move to the front of the classpath; folders to put before even the conf folder; JVM
 *   tuning flags in place of the default -XX:+UseG1GC
 */
export function javaArgs(name, heap, mainClass, args, opts = {}) {
  return [
    `-Xmx${heap}`,
    ...(opts.jvmOpts ?? ['-XX:+UseG1GC']),
    '-XX:OnOutOfMemoryError=kill -9 %p',
    '-Djava.net.preferIPv4Stack=true',
    ...JDK11_FLAGS,
    `-Dproc_${name}`,
    `-Dhbase.log.dir=${LOG_DIR}`,
    `-Dhbase.log.file=${name}.log`,
    `-Dhbase.home.dir=${LOCAL_DIR}`,
    `-Dhbase.id.str=${name}`,
    `-Dlog4j2.configurationFile=${join(CONF_DIR, opts.log4jConf ?? 'log4j2.properties')}`,
    '-cp',
    [...(opts.prepend ?? []), CONF_DIR, orderClasspath(classpath({ quiet: true }), opts.first ?? [])].join(':'),
    mainClass,
    ...args,
  ];
}

function prop(name, value) {
  return `  <property><name>${name}</name><value>${value}</value></property>`;
}

/** Writes hbase-site.xml and the log4j2 configurations into .hbase-local/conf. */
export function writeConf() {
  const p = ports();
  mkdirSync(CONF_DIR, { recursive: true });
  mkdirSync(DATA_DIR, { recursive: true });
  mkdirSync(LOG_DIR, { recursive: true });
  const site = [
    '<?xml version="1.0"?>',
    '<!-- Written by scripts/hbase/lib.mjs on every start; edits are lost. -->',
    '<configuration>',
    // Standalone: master, RegionServers and ZooKeeper in one JVM, data on the local file system.
    prop('hbase.cluster.distributed', 'false'),
    prop('hbase.rootdir', `file://${join(DATA_DIR, 'hbase-root')}`),
    prop('hbase.tmp.dir', join(DATA_DIR, 'tmp')),
    prop('hbase.zookeeper.property.dataDir', join(DATA_DIR, 'zookeeper')),
    prop('hbase.unsafe.stream.capability.enforce', 'false'),
    // Everything on loopback.
    prop('hbase.zookeeper.quorum', HOST),
    prop('hbase.zookeeper.property.clientPort', String(p.zookeeper)),
    prop('hbase.zookeeper.property.clientPortAddress', HOST),
    prop('hbase.master.hostname', 'localhost'),
    prop('hbase.unsafe.regionserver.hostname', 'localhost'),
    prop('hbase.master.port', String(p.masterRpc)),
    prop('hbase.master.info.port', String(p.masterInfo)),
    prop('hbase.master.info.bindAddress', HOST),
    // Three RegionServers share this configuration: port 0 gives each its own ephemeral RPC and info port.
    prop('hbase.regionserver.port', '0'),
    prop('hbase.regionserver.info.port', '0'),
    prop('hbase.regionserver.info.bindAddress', HOST),
    // REST and Thrift gateways.
    prop('hbase.rest.host', HOST),
    prop('hbase.rest.port', String(p.rest)),
    prop('hbase.rest.info.bindAddress', HOST),
    prop('hbase.rest.info.port', String(p.restInfo)),
    prop('hbase.regionserver.thrift.ipaddress', HOST),
    prop('hbase.thrift.info.bindAddress', HOST),
    // Three RegionServers in one heap: each takes its fractions of the same -Xmx.
    prop('hfile.block.cache.size', '0.08'),
    prop('hbase.regionserver.global.memstore.size', '0.1'),
    prop('hbase.hregion.memstore.flush.size', String(16 * 1024 * 1024)),
    // Start assigning only when all RegionServers are up; keep regions where the tests put them.
    prop('hbase.master.wait.on.regionservers.mintostart', String(REGION_SERVERS)),
    prop('hbase.master.wait.on.regionservers.timeout', '1000'),
    prop('hbase.balancer.period', String(24 * 3600 * 1000)),
    // Fresher load figures in /status/cluster and the shell's list_regions.
    prop('hbase.regionserver.msginterval', '1000'),
    // Small cluster: no need for many handlers.
    prop('hbase.regionserver.handler.count', '10'),
    prop('hbase.master.handler.count', '10'),
    // RPC quotas on, so runbooks' table throttles (set_quota, Admin.setQuota) can be applied and removed.
    prop('hbase.quota.enabled', 'true'),
    '</configuration>',
    '',
  ].join('\n');
  writeFileSync(join(CONF_DIR, 'hbase-site.xml'), site);

  // The hbase-server jar on Maven Central has the compiled status pages but not the hbase-webapps/master and
  // hbase-webapps/regionserver folders that the info servers look up on the classpath; without them the master
  // fails to construct. Empty web apps are enough: /jmx, /conf, /logLevel and the like are servlets of their own.
  for (const app of ['master', 'regionserver']) {
    const webInf = join(CONF_DIR, 'hbase-webapps', app, 'WEB-INF');
    mkdirSync(webInf, { recursive: true });
    writeFileSync(
      join(webInf, 'web.xml'),
      '<?xml version="1.0"?>\n<web-app xmlns="http://xmlns.jcp.org/xml/ns/javaee" version="3.1"></web-app>\n',
    );
  }

  const quiet = [
    'logger.zk.name = org.apache.zookeeper',
    'logger.zk.level = WARN',
    'logger.hadoop.name = org.apache.hadoop.metrics2',
    'logger.hadoop.level = WARN',
  ];
  // Daemons log to stdout, which the start script sends to .hbase-local/logs/<name>.log.
  writeFileSync(
    join(CONF_DIR, 'log4j2.properties'),
    [
      'status = warn',
      'appender.console.type = Console',
      'appender.console.name = console',
      'appender.console.target = SYSTEM_OUT',
      'appender.console.layout.type = PatternLayout',
      'appender.console.layout.pattern = %d{ISO8601} %-5p [%t] %c{2}: %.1000m%n',
      'rootLogger = INFO,console',
      ...quiet,
      '',
    ].join('\n'),
  );
  // The shell keeps stdout for command output; its own log goes to logs/shell.log.
  writeFileSync(
    join(CONF_DIR, 'log4j2-shell.properties'),
    [
      'status = warn',
      'appender.file.type = File',
      'appender.file.name = file',
      `appender.file.fileName = ${join(LOG_DIR, 'shell.log')}`,
      'appender.file.append = true',
      'appender.file.layout.type = PatternLayout',
      'appender.file.layout.pattern = %d{ISO8601} %-5p [%t] %c{2}: %.1000m%n',
      'rootLogger = WARN,file',
      ...quiet,
      '',
    ].join('\n'),
  );
}

/**
 * Folder put first on the shell's classpath. It holds Ruby files that replace those of the 2.4 shell jar which
 * refer to classes HBase 2.6 no longer has (see hbase/pom.xml on why the shell is 2.4).
 */
export const SHELL_SHIM_DIR = join(LOCAL_DIR, 'shell-shims');

/** Writes the shell shims: `trace` (HTrace, removed in HBase 2.5) becomes a command that says it is unsupported. */
export function writeShellShims() {
  const dir = join(SHELL_SHIM_DIR, 'shell', 'commands');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'trace.rb'),
    [
      '# Replaces the 2.4 shell\'s HTrace-based trace command: HBase 2.6 uses OpenTelemetry and has no HTrace.',
      'module Shell',
      '  module Commands',
      '    class Trace < Command',
      "      def help\n        'trace is not available in this shell (HTrace was removed in HBase 2.5).'\n      end",
      '',
      '      def command(*_args)',
      "        raise ArgumentError, 'trace is not available in this shell (HTrace was removed in HBase 2.5)'",
      '      end',
      '    end',
      '  end',
      'end',
      '',
    ].join('\n'),
  );
}

/** Recorded state of a running local HBase, or null. */
export function readState() {
  if (!existsSync(STATE_FILE)) return null;
  try {
    return JSON.parse(readFileSync(STATE_FILE, 'utf8'));
  } catch {
    return null;
  }
}

export function writeState(state) {
  mkdirSync(LOCAL_DIR, { recursive: true });
  writeFileSync(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`);
}

export function removeState() {
  rmSync(STATE_FILE, { force: true });
}

/** True when a process with this PID exists. */
export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Resolves to true when nothing listens on 127.0.0.1:port. */
export function portFree(port) {
  return new Promise((res) => {
    const srv = createServer();
    srv.once('error', () => res(false));
    srv.listen({ port, host: HOST, exclusive: true }, () => srv.close(() => res(true)));
  });
}

/** REST base URL. */
export function restUrl() {
  return `http://${HOST}:${ports().rest}`;
}

/**
 * Fetches REST /status/cluster as JSON; resolves to null when REST does not answer (or answers non-200).
 * @param {number} timeoutMs
 */
export async function clusterStatus(timeoutMs = 3000) {
  try {
    const res = await fetch(`${restUrl()}/status/cluster`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) return null;
    return await res.json();
  } catch {
    return null;
  }
}

/** Starts a detached JVM (own process group) with stdout+stderr appended to logs/<name>.log. Returns its PID. */
export function startJvm(name, heap, mainClass, args) {
  const logFile = join(LOG_DIR, `${name}.log`);
  const fd = openSync(logFile, 'w');
  const child = spawn('java', javaArgs(name, heap, mainClass, args), {
    cwd: LOCAL_DIR,
    detached: true,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, HBASE_CONF_DIR: CONF_DIR },
  });
  child.unref();
  return child.pid;
}

/** Last `lines` lines of each log file under .hbase-local/logs, as one string. */
export function logTails(lines = 40) {
  if (!existsSync(LOG_DIR)) return '(no logs: .hbase-local/logs does not exist)';
  const parts = [];
  for (const f of readdirSync(LOG_DIR).sort()) {
    const text = readFileSync(join(LOG_DIR, f), 'utf8').split('\n');
    parts.push(`----- .hbase-local/logs/${f} (last ${lines} lines) -----`, ...text.slice(-lines - 1));
  }
  return parts.join('\n');
}

/** Sends `signal` to a whole process group; ignores groups that are gone. */
export function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
