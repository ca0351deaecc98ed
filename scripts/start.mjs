#!/usr/bin/env node
// `npm start`: builds when the build is missing or older than the sources, then runs the main job on its embedded
// default. Extra arguments replace the default command, e.g. `npm start -- key explain '{salt(id,16)}_{id}'`.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const cli = 'dist/src/cli/main.js';
if (!existsSync(cli) || newest('src') > statSync(cli).mtimeMs) {
  console.error('building (tsc)...');
  const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.json'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const DEFAULT = existsSync('examples/case-study.yaml')
  ? ['simulate', 'examples/case-study.yaml']
  : ['key', 'explain', '{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}'];
const args = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT;
const run = spawnSync(process.execPath, [cli, ...args], { stdio: 'inherit' });
process.exitCode = run.status ?? 1;
