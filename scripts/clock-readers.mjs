// Which unit test files can see the wall clock: a file can only behave differently on another date if it, or a module
// it imports (relative imports, followed transitively), reads the clock (`Date.now()`, `new Date()` or `Date()` with no
// argument) or starts another process or thread (which may read it out of sight of this walk). scripts/test-clock.mjs
// runs only these at the moved dates; every other file computes the same thing on any date. Packages under
// node_modules are not followed: none the unit tests import reads the clock into a result.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Reads the clock, or runs code where the walk cannot follow. */
const SEES_THE_CLOCK = /\bDate\.now\(\)|\bnew Date\(\s*\)|(?<![.\w])Date\(\s*\)|\bchild_process\b|\bworker_threads\b/;
/** Relative module specifiers of static imports, re-exports, side-effect imports and dynamic imports. */
const IMPORTS = /\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|\bimport\s*['"](\.{1,2}\/[^'"]+)['"]/g;

const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** The file a relative specifier names (`./x.js` is `./x.ts` in the sources), or undefined when none exists. */
function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/**
 * Test files under `testDir` (`*.test.ts`, outside `excludeDir`) that can see the wall clock, as paths relative to
 * `root`, sorted.
 * @param {string} root the repository root
 * @param {{ testDir?: string, excludeDir?: string }} [options] defaults `test` and `test/integration`
 * @returns {{ selected: string[], total: number }}
 */
export function clockReadingTests(root, options = {}) {
  const testDir = join(root, options.testDir ?? 'test');
  const excludeDir = join(root, options.excludeDir ?? 'test/integration');
  // the import graph from the test files, each module read once; then every module that reaches a direct reader
  const importers = new Map(); // module -> modules importing it
  const direct = [];
  const visited = new Set();
  const visit = (file) => {
    if (visited.has(file)) return;
    visited.add(file);
    const text = withoutComments(readFileSync(file, 'utf8'));
    if (SEES_THE_CLOCK.test(text)) direct.push(file);
    for (const m of text.matchAll(IMPORTS)) {
      const target = resolveSpecifier(file, m[1] ?? m[2] ?? m[3]);
      if (!target) continue;
      if (!importers.has(target)) importers.set(target, new Set());
      importers.get(target).add(file);
      visit(target);
    }
  };
  const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return p === excludeDir || e.name === 'node_modules' ? [] : walk(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
  const tests = walk(testDir);
  for (const t of tests) visit(t);
  const reaching = new Set();
  const queue = [...direct];
  for (const f of queue) {
    if (reaching.has(f)) continue;
    reaching.add(f);
    for (const by of importers.get(f) ?? []) if (!reaching.has(by)) queue.push(by);
  }
  const selected = tests.filter((f) => reaching.has(f)).map((f) => relative(root, f).split('\\').join('/')).sort();
  return { selected, total: tests.length };
}
