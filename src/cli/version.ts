/**
 * The package's version, for `hbase-hotspot --version`: read from the package.json above this module (two levels up
 * in the source tree, three in the built `dist/`), so it is always the version that was installed.
 *
 * @module
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's name in package.json, which marks the right package.json on the way up. */
const PACKAGE_NAME = 'hbase-hotspot';

/**
 * The `version` of the nearest package.json named `hbase-hotspot` above `from` (a directory).
 * @throws `Error` when there is none: the package is incomplete (a bug in how it was installed, not user input).
 */
export function packageVersion(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === PACKAGE_NAME && typeof pkg.version === 'string') return pkg.version;
    }
    if (dirname(dir) === dir) throw new Error(`no package.json of ${PACKAGE_NAME} above ${from}`);
  }
}
