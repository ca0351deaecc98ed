/** Scratch files for tests that feed the readers files from disk. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'hbase-hotspot-test-'));
let n = 0;

/** Writes `text` to a fresh file named `name` (each in its own directory, so names may repeat) and gives its path. */
export function file(name: string, text: string | Uint8Array): string {
  const sub = join(dir, String(n++));
  mkdirSync(sub, { recursive: true });
  const path = join(sub, name);
  writeFileSync(path, text);
  return path;
}
