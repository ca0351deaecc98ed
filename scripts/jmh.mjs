#!/usr/bin/env node
// Builds the JMH benchmarks of the JVM side (bench/java/KeySamplerJmh.java) the way scripts/jvm/build.mjs builds the
// module: JMH and its annotation processor resolved by Maven from bench/java/jmh/pom.xml into a cached classpath
// (bench/java/jmh/target/jmh.classpath), then javac with the processor against the module's classes and the HBase
// client jars, into bench/java/jmh/target/classes; recompiled only when a source or a classpath changed. It lives
// outside scripts/jvm/, which the npm package ships: the benchmarks are not part of the package.
//
// Prints, as one JSON line on stdout, what runs them: {"java": "java", "args": [JVM flags..., "-cp", classpath]}
// (append org.openjdk.jmh.Main and JMH's options). Messages go to stderr. Exit 1 with one line when the build fails;
// exit 3 with one line "JMH not available: ..." when the JMH jars cannot be resolved (no Maven, no registry).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mavenClasspath } from './hbase/lib.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const POM_DIR = join(ROOT, 'bench', 'java', 'jmh');
const TARGET = join(POM_DIR, 'target');
const CLASSES = join(TARGET, 'classes');
const STAMP = join(TARGET, 'classes.sha256');
const SOURCES = [join(ROOT, 'bench', 'java', 'KeySamplerJmh.java')];

function fail(code, message) {
  process.stderr.write(`hbase-hotspot: ${message}\n`);
  process.exit(code);
}

// The module's own command line: its JVM flags and classpath (classes and HBase client jars), built if stale.
const module = spawnSync(process.execPath, [join(ROOT, 'scripts', 'jvm', 'build.mjs'), '--java-args'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
if (module.status !== 0) process.exit(1);
const { java, args } = JSON.parse(module.stdout.trim());
const moduleCp = args.at(-1);
const flags = args.slice(0, -2);

let jmhCp;
try {
  jmhCp = mavenClasspath(POM_DIR, join(TARGET, 'jmh.classpath'), { quiet: true, what: 'the JMH jars', cacheName: 'bench/java/jmh/target/jmh.classpath' });
} catch (err) {
  fail(3, `JMH not available: ${String(err.message).split('\n').slice(0, 4).join(' ')}`);
}

const hash = createHash('sha256');
for (const f of SOURCES) hash.update(readFileSync(f)).update('\0');
hash.update(moduleCp).update('\0').update(jmhCp);
const digest = hash.digest('hex');
if (!(existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === digest && existsSync(CLASSES))) {
  process.stderr.write('hbase-hotspot: building the JMH benchmarks (bench/java, javac; once per change) ...\n');
  rmSync(CLASSES, { recursive: true, force: true });
  mkdirSync(CLASSES, { recursive: true });
  const r = spawnSync('javac', ['--release', '17', '-encoding', 'UTF-8', '-nowarn', '-d', CLASSES, '-cp', `${moduleCp}:${jmhCp}`, '-processorpath', jmhCp, ...SOURCES], { encoding: 'utf8' });
  if (r.error) fail(1, `javac could not be started (${r.error.message}); install a JDK 17`);
  if (r.status !== 0) fail(1, `javac failed on the JMH benchmarks (exit ${r.status}):\n${`${r.stdout}${r.stderr}`.trim().split('\n').slice(0, 30).join('\n')}`);
  writeFileSync(STAMP, `${digest}\n`);
}
process.stdout.write(`${JSON.stringify({ java, args: [...flags, '-cp', `${CLASSES}:${moduleCp}:${jmhCp}`] })}\n`);
