#!/usr/bin/env node
// The packaging check `npm test` runs after the build: packs the package as `npm publish` would, installs the tarball
// into an empty project in a temporary folder from the npm cache only (offline: `npm ci` filled it), and uses it there
// as a user would: `npx hbase-hotspot --version`, an import of the root entry and of a subpath, and a type-check of
// one import against the shipped declarations. Run it alone with `node scripts/pack-check.mjs` after `npm run build`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const work = mkdtempSync(join(tmpdir(), 'hbase-hotspot-pack-'));

/** Runs a command, returning its stdout; its stderr is shown only when it fails. */
function run(cmd, args, cwd) {
  try {
    return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_update_notifier: 'false' } });
  } catch (err) {
    process.stderr.write(`${cmd} ${args.join(' ')} failed in ${cwd}:\n${err.stdout ?? ''}${err.stderr ?? ''}\n`);
    throw err;
  }
}

function check(condition, message) {
  if (!condition) throw new Error(`pack check: ${message}`);
  console.log(`ok  ${message}`);
}

try {
  // The build just ran: --ignore-scripts keeps `prepare` from building a second time.
  const [packed] = JSON.parse(run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', work], root));
  const files = packed.files.map((f) => f.path);
  check(files.includes('LICENSE') && files.includes('README.md'), `${packed.filename}: LICENSE and README.md packed`);
  check(files.some((f) => f.startsWith('docs/')) && files.includes('examples/case-study.yaml'), 'docs/ and examples/ packed');
  check(files.includes(pkg.bin['hbase-hotspot'].replace(/^\.\//, '')) && !files.some((f) => f.startsWith('test/') || f.startsWith('src/')), 'the built CLI packed, no tests or TypeScript sources');

  // The project's lockfile: the tarball, and the package's runtime dependencies as this repository's lockfile pins
  // them (resolved URL and integrity), so npm takes them from its cache without asking the registry.
  const project = join(work, 'project');
  mkdirSync(project);
  const tarball = `file:../${packed.filename}`;
  const manifest = { name: 'pack-check', version: '1.0.0', private: true, type: 'module', dependencies: { [pkg.name]: tarball } };
  const repoLock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const runtime = Object.entries(repoLock.packages).filter(([path, entry]) => path !== '' && !entry.dev && !entry.devOptional);
  const lock = {
    name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true,
    packages: {
      '': { name: manifest.name, version: manifest.version, dependencies: manifest.dependencies },
      [`node_modules/${pkg.name}`]: {
        version: pkg.version, resolved: tarball, integrity: packed.integrity, license: pkg.license,
        dependencies: pkg.dependencies, bin: pkg.bin, engines: pkg.engines,
      },
      ...Object.fromEntries(runtime),
    },
  };
  writeFileSync(join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(project, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  run(npm, ['ci', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], project);

  const version = run(npx, ['--offline', 'hbase-hotspot', '--version'], project).trim();
  check(version === pkg.version, `npx hbase-hotspot --version prints ${pkg.version}`);

  const probe = [
    "const lib = await import('hbase-hotspot');",
    "const rest = await import('hbase-hotspot/rest');",
    "const key = lib.compileTemplate('{salt(deviceId,16)}_{deviceId}').encode({ deviceId: 'sensor-1' });",
    "console.log(JSON.stringify([lib.toStringBinary(key), typeof lib.detectHotspots, typeof rest.createRestClient, 'intArg' in lib]));",
  ].join('\n');
  const [key, detect, restClient, internal] = JSON.parse(run(process.execPath, ['--input-type=module', '-e', probe], project));
  check(/^[0-9a-f]{2}_sensor-1$/.test(key) && detect === 'function' && restClient === 'function' && internal === false, `import 'hbase-hotspot' and 'hbase-hotspot/rest' (a key: ${key})`);

  writeFileSync(join(project, 'check.ts'), [
    "import { type CompiledTemplate, type DetectResult, compileTemplate } from 'hbase-hotspot';",
    "import { createRestClient } from 'hbase-hotspot/rest';",
    "const template: CompiledTemplate = compileTemplate('{deviceId}_{ts}');",
    'const shape: DetectResult[\'shape\'] = \'none\';',
    "export const checked: [CompiledTemplate, string, typeof createRestClient] = [template, shape, createRestClient];",
    '',
  ].join('\n'));
  run(process.execPath, [
    join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext',
    '--moduleResolution', 'nodenext', '--skipLibCheck', '--types', 'node', '--typeRoots', join(root, 'node_modules', '@types'), 'check.ts',
  ], project);
  check(true, 'check.ts type-checks against the shipped declarations');
} finally {
  rmSync(work, { recursive: true, force: true });
}
