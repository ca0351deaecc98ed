#!/usr/bin/env node
// `npm run build:jvm`: compiles the JVM side (jvm/src/main) with javac into jvm/target/classes, against the HBase
// client jars: --hbase-classpath CP (e.g. "$(hbase classpath)" on an edge node), else $HBASE_HOTSPOT_HBASE_CLASSPATH,
// else the local HBase's cached Maven classpath (hbase/target/hbase.classpath, resolved by Maven on first use) plus
// what the backfill job needs beyond it (jvm/mapreduce/pom.xml: hbase-mapreduce and Hadoop's LocalJobRunner, resolved
// once into jvm/target/mapreduce.classpath). A given classpath is the cluster's own (`hbase classpath` includes
// hbase-mapreduce and Hadoop's MapReduce jars).
// Rebuilds only when a source, resource or the classpath changed (a SHA-256 stamp beside the classes).
//
// --java-args prints, as one JSON line on stdout, what the TypeScript side needs to start a JVM class:
// {"java": "java", "args": [JVM flags..., "-cp", classpath]}. Messages go to stderr; exit 1 with one line on failure.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jvmRequired, missingCommands } from './available.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const JVM_DIR = join(ROOT, 'jvm');
const SOURCES = join(JVM_DIR, 'src', 'main', 'java');
const RESOURCES = join(JVM_DIR, 'src', 'main', 'resources');
const CLASSES = join(JVM_DIR, 'target', 'classes');
const STAMP = join(JVM_DIR, 'target', 'classes.sha256');
const MAPREDUCE_POM_DIR = join(JVM_DIR, 'mapreduce');
const MAPREDUCE_CLASSPATH = join(JVM_DIR, 'target', 'mapreduce.classpath');

/** Every file under `dir`, sorted, as paths. */
function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name))
    .sort();
}

/** The HBase client classpath to compile and run against. */
async function hbaseClasspath(given) {
  if (given) return given;
  if (process.env.HBASE_HOTSPOT_HBASE_CLASSPATH) return process.env.HBASE_HOTSPOT_HBASE_CLASSPATH;
  const { classpath } = await import('../hbase/lib.mjs');
  return `${classpath({ quiet: true })}:${mapreduceClasspath()}`;
}

/**
 * The backfill job's extra jars (jvm/mapreduce/pom.xml) as a classpath, resolved by Maven on first use and cached in
 * jvm/target/mapreduce.classpath with the pom's SHA-256 beside it (re-resolved when the pom changes or a jar is gone).
 */
function mapreduceClasspath() {
  const pomHash = createHash('sha256').update(readFileSync(join(MAPREDUCE_POM_DIR, 'pom.xml'))).digest('hex');
  const hashFile = `${MAPREDUCE_CLASSPATH}.pom-sha256`;
  if (existsSync(MAPREDUCE_CLASSPATH) && existsSync(hashFile) && readFileSync(hashFile, 'utf8').trim() === pomHash) {
    const cp = readFileSync(MAPREDUCE_CLASSPATH, 'utf8').trim();
    if (cp && cp.split(':').every((jar) => existsSync(jar))) return cp;
  }
  process.stderr.write('hbase-hotspot: resolving the MapReduce jars of the backfill job with Maven (first run only; cached afterwards) ...\n');
  mkdirSync(dirname(MAPREDUCE_CLASSPATH), { recursive: true });
  const r = spawnSync('mvn', ['-B', '-q', 'dependency:build-classpath', `-Dmdep.outputFile=${MAPREDUCE_CLASSPATH}`], { cwd: MAPREDUCE_POM_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.error) throw new Error(`mvn could not be started (${r.error.message}); install Maven 3 to resolve jvm/mapreduce/pom.xml`);
  if (r.status !== 0 || !existsSync(MAPREDUCE_CLASSPATH)) {
    throw new Error(`mvn dependency:build-classpath failed in jvm/mapreduce (exit ${r.status}):\n${`${r.stdout}${r.stderr}`.trim().split('\n').slice(-15).join('\n')}`);
  }
  writeFileSync(hashFile, `${pomHash}\n`);
  return readFileSync(MAPREDUCE_CLASSPATH, 'utf8').trim();
}

/** Compiles when the stamp differs; returns whether it compiled. */
function build(cp) {
  const inputs = [...files(SOURCES), ...files(RESOURCES)];
  const hash = createHash('sha256');
  for (const f of inputs) hash.update(relative(JVM_DIR, f)).update('\0').update(readFileSync(f)).update('\0');
  hash.update(cp);
  const digest = hash.digest('hex');
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === digest && existsSync(CLASSES)) return false;
  process.stderr.write('hbase-hotspot: building the JVM side (jvm/, javac; once per change) ...\n');
  rmSync(CLASSES, { recursive: true, force: true });
  mkdirSync(CLASSES, { recursive: true });
  const javaFiles = files(SOURCES).filter((f) => f.endsWith('.java'));
  const r = spawnSync('javac', ['--release', '17', '-encoding', 'UTF-8', '-nowarn', '-d', CLASSES, '-cp', cp, ...javaFiles], { encoding: 'utf8' });
  if (r.error) throw new Error(`javac could not be started (${r.error.message}); install a JDK 17 (e.g. Debian package openjdk-17-jdk-headless)`);
  if (r.status !== 0) throw new Error(`javac failed (exit ${r.status}):\n${`${r.stdout}${r.stderr}`.trim().split('\n').slice(0, 30).join('\n')}`);
  if (existsSync(RESOURCES)) cpSync(RESOURCES, CLASSES, { recursive: true });
  writeFileSync(STAMP, `${digest}\n`);
  return true;
}

/** JVM flags for a short-lived HBase client on JDK 17 (the module opens HBase's client and netty use). */
const JVM_FLAGS = [
  '-Xmx384m', '-XX:+UseSerialGC', '-Djava.net.preferIPv4Stack=true',
  '-Dorg.apache.hbase.thirdparty.io.netty.tryReflectionSetAccessible=true',
  '--add-opens', 'java.base/java.nio=ALL-UNNAMED',
  '--add-opens', 'java.base/sun.nio.ch=ALL-UNNAMED',
  '--add-opens', 'java.base/java.lang=ALL-UNNAMED',
  '--add-exports', 'java.base/jdk.internal.misc=ALL-UNNAMED',
];

const argv = process.argv.slice(2);
// --if-available (npm test): without javac or Maven the integration suite skips, so the build does too, saying so;
// HBASE_HOTSPOT_REQUIRE_HBASE=1 (CI) makes that a failure, as it does for the suite.
if (argv.includes('--if-available') && !jvmRequired()) {
  const missing = missingCommands(['javac', 'mvn']);
  if (missing.length > 0) {
    console.log(`JVM side not built: ${missing.join(' and ')} not found (the integration suite skips too)`);
    process.exit(0);
  }
}
const at = argv.indexOf('--hbase-classpath');
const given = at >= 0 ? argv[at + 1] : undefined;
try {
  if (at >= 0 && !given) throw new Error('--hbase-classpath needs a value, e.g. --hbase-classpath "$(hbase classpath)"');
  const cp = await hbaseClasspath(given);
  const built = build(cp);
  if (argv.includes('--java-args')) {
    process.stdout.write(`${JSON.stringify({ java: 'java', args: [...JVM_FLAGS, '-cp', `${CLASSES}:${cp}`] })}\n`);
  } else {
    console.log(built ? `built ${relative(ROOT, CLASSES)}` : `${relative(ROOT, CLASSES)} is up to date`);
  }
} catch (err) {
  process.stderr.write(`hbase-hotspot: JVM side: ${err.message}\n`);
  process.exit(1);
}
