#!/usr/bin/env node
// npm run hbase:shell [-- <hbase shell args>]
// Runs the hbase shell (JRuby, from the Maven classpath) against the local HBase, with the same conf as the cluster.
// Examples:
//   npm run hbase:shell                       interactive
//   npm run hbase:shell -- -n script.rb       non-interactive; exits non-zero on the first error
//   echo "list" | npm run hbase:shell -- -n   non-interactive from stdin
// When stdin is not a terminal and no argument is given, -n is added.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CONF_DIR, HarnessError, SHELL_SHIM_DIR, checkJava, javaArgs, runMain, writeConf, writeShellShims } from './lib.mjs';

async function main() {
  checkJava();
  if (!existsSync(join(CONF_DIR, 'hbase-site.xml'))) writeConf();
  writeShellShims();
  let args = process.argv.slice(2);
  if (args.length === 0 && !process.stdin.isTTY) args = ['-n'];
  // A shell is short-lived: C1 only, the serial GC and JRuby's interpreter start it about 2.4x faster than the
  // server defaults (measured 43-47 s against 103-111 s on a loaded 2-core machine). HBASE_SHELL_JAVA_OPTS replaces them.
  const fast = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Djruby.compile.mode=OFF';
  const jvmOpts = (process.env.HBASE_SHELL_JAVA_OPTS ?? fast).split(/\s+/).filter(Boolean);
  const child = spawn('java', javaArgs('shell', '512m', 'org.jruby.JarBootstrapMain', args, {
    jvmOpts,
    log4jConf: 'log4j2-shell.properties',
    // jruby-complete embeds its own joni/jcodings; the newer ones that hbase-client brings break JRuby 9.2.
    first: ['jruby-complete'],
    prepend: [SHELL_SHIM_DIR],
  }), {
    stdio: 'inherit',
    env: { ...process.env, JRUBY_OPTS: process.env.JRUBY_OPTS ?? '-X+O' },
  });
  const code = await new Promise((res, rej) => {
    child.on('error', (err) => rej(new HarnessError('SHELL_SPAWN', `could not run java for the shell: ${err.message}`)));
    child.on('exit', (c, sig) => res(c ?? (sig ? 128 : 1)));
  });
  process.exitCode = code;
}

await runMain(main);
