import { readFileSync } from 'node:fs';
import { HotspotError } from '../../src/util/errors.js';

/** Text of `test/fixtures/lint/<name>`. */
export const fixture = (name: string): string => readFileSync(new URL(`../fixtures/lint/${name}`, import.meta.url), 'utf8');

/** Path of `test/fixtures/lint/<name>` on disk. */
export const fixturePath = (name: string): string => new URL(`../fixtures/lint/${name}`, import.meta.url).pathname;

/** The HotspotError `run` throws; fails the test when it throws nothing or something else. */
export function errorOf(run: () => unknown): HotspotError {
  try {
    run();
  } catch (err) {
    if (err instanceof HotspotError) return err;
    throw err;
  }
  throw new Error('expected a HotspotError');
}
