// The moved-clock runs select test files by their imports: a file that reaches a clock read through any chain of
// relative imports (cycles included) is selected; one that reaches none is not.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { clockReadingTests } from '../../scripts/clock-readers.mjs';

type Select = (root: string, options?: { testDir?: string; excludeDir?: string }) => { selected: string[]; total: number };
const select = clockReadingTests as Select;

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'clock-readers-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('clockReadingTests', () => {
  it('follows relative imports through a cycle to a clock read, and leaves pure files out', () => {
    const root = tree({
      'src/clock.ts': 'export const now = () => Date.now();\n',
      // d imports e first, e imports d back, and only e's second import reaches the clock
      'src/d.ts': "import { e } from './e.js';\nexport const d = () => e();\n",
      'src/e.ts': "import { d } from './d.js';\nimport { now } from './clock.js';\nexport const e = () => now() + (d ? 0 : 1);\n",
      'src/pure.ts': '// Date.now() in a comment does not count\nexport const f = (ms: number) => new Date(ms).toISOString();\n',
      'src/spawns.ts': "import { spawnSync } from 'node:child_process';\nexport const s = spawnSync;\n",
      'src/index.ts': "export * from './pure.js';\n",
      'test/a.test.ts': "import { d } from '../src/d.js';\n",
      'test/b.test.ts': "import { f } from '../src/index.js';\n",
      'test/c.test.ts': "const t = new Date();\n",
      'test/deep/s.test.ts': "const m = await import('../../src/spawns.js');\n",
      'test/integration/i.test.ts': "import { now } from '../../src/clock.js';\n",
    });
    expect(select(root)).toEqual({ selected: ['test/a.test.ts', 'test/c.test.ts', 'test/deep/s.test.ts'], total: 4 });
  });

  it('selects this repository\'s date-dependent lifecycle test and not the byte comparator\'s', () => {
    const { selected, total } = select(fileURLToPath(new URL('../..', import.meta.url)));
    expect(selected).toContain('test/cli/lifecycle.test.ts');
    expect(selected).not.toContain('test/bytes/compare.test.ts');
    expect(selected.length).toBeLessThan(total);
  });
});
