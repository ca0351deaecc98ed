// vitest globalSetup of the integration project: finds or starts the HBase the integration tests run against.
//
// 1. REST already answers on 127.0.0.1:${HBASE_REST_PORT:-8080}: use it, leave it running.
// 2. Otherwise, java and (mvn or a cached classpath) exist: `npm run hbase:start -- --thrift`, and stop it in teardown
//    (unless HBASE_HOTSPOT_KEEP_HBASE=1).
// 3. Otherwise: HBASE_HOTSPOT_REQUIRE_HBASE=1 makes this an error; without it the tests skip, saying why.
//
// Provides to the tests (`inject`): restUrl, hbaseAvailable, hbaseSkipReason, thriftPort (0: no Thrift2 gateway).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the HBase REST gateway, e.g. `http://127.0.0.1:8080`. */
    restUrl: string;
    /** True when an HBase answers at `restUrl`. */
    hbaseAvailable: boolean;
    /** Why integration tests skip; empty when `hbaseAvailable`. */
    hbaseSkipReason: string;
    /** Thrift2 gateway port on 127.0.0.1, or 0 when none is known to run. */
    thriftPort: number;
  }
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const STATE_FILE = join(ROOT, '.hbase-local', 'state.json');
const CLASSPATH_FILE = join(ROOT, 'hbase', 'target', 'hbase.classpath');

function envPort(name: string, fallback: number): number {
  const n = Number(process.env[name] ?? '');
  return Number.isInteger(n) && n > 0 && n < 65536 ? n : fallback;
}

async function restAnswers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/version/cluster`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(3000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((res) => {
    const s = createConnection({ host: '127.0.0.1', port });
    s.setTimeout(2000);
    s.once('connect', () => {
      s.destroy();
      res(true);
    });
    s.once('error', () => res(false));
    s.once('timeout', () => {
      s.destroy();
      res(false);
    });
  });
}

function has(cmd: string, args: string[]): boolean {
  return !spawnSync(cmd, args, { stdio: 'ignore' }).error;
}

// Asynchronous, so vitest's own timers keep running while HBase starts or stops (tens of seconds).
function runScript(name: string, args: string[] = []): Promise<number> {
  return new Promise((res) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'hbase', `${name}.mjs`), ...args], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    child.once('error', () => res(1));
    child.once('close', (code) => res(code ?? 1));
  });
}

async function thriftPortFor(): Promise<number> {
  let port = envPort('HBASE_THRIFT_PORT', 9090);
  if (existsSync(STATE_FILE)) {
    try {
      const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as { thriftPort?: number | null };
      if (typeof state.thriftPort === 'number') port = state.thriftPort;
    } catch {
      /* unreadable state: fall back to the env/default port */
    }
  }
  return (await portOpen(port)) ? port : 0;
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const restUrl = `http://127.0.0.1:${envPort('HBASE_REST_PORT', 8080)}`;
  const require = process.env['HBASE_HOTSPOT_REQUIRE_HBASE'] === '1';
  let startedHere = false;
  let skipReason = '';

  if (await restAnswers(restUrl)) {
    console.log(`[integration] using the HBase REST gateway already running at ${restUrl}`);
  } else {
    const java = has('java', ['-version']);
    const mvn = existsSync(CLASSPATH_FILE) || has('mvn', ['-v']);
    if (java && mvn) {
      console.log('[integration] no HBase at %s: starting the local one (npm run hbase:start -- --thrift)', restUrl);
      const code = await runScript('start', ['--thrift']);
      if (code === 0 && (await restAnswers(restUrl))) {
        startedHere = true;
      } else {
        skipReason = `the local HBase failed to start or does not answer at ${restUrl} (hbase:start exited ${code}; its output is above)`;
      }
    } else {
      const missing = [java ? '' : 'java', mvn ? '' : 'mvn'].filter(Boolean).join(' and ');
      skipReason = `no HBase REST gateway at ${restUrl} and ${missing} not found, so the local HBase cannot be started`;
    }
  }

  if (skipReason) {
    if (require) {
      throw new Error(`HBASE_HOTSPOT_REQUIRE_HBASE=1 but the integration tests cannot run: ${skipReason}`);
    }
    console.warn(`[integration] SKIPPING the HBase integration tests: ${skipReason}`);
  }

  project.provide('restUrl', restUrl);
  project.provide('hbaseAvailable', skipReason === '');
  project.provide('hbaseSkipReason', skipReason);
  project.provide('thriftPort', skipReason === '' ? await thriftPortFor() : 0);

  if (!startedHere) return undefined;
  return async () => {
    if (process.env['HBASE_HOTSPOT_KEEP_HBASE'] === '1') {
      console.log('[integration] HBASE_HOTSPOT_KEEP_HBASE=1: leaving the local HBase running (npm run hbase:stop)');
      return;
    }
    await runScript('stop');
  };
}
