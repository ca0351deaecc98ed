import type { CliCommand } from '../program.js';
import { keyCommand } from './key.js';

/** Every command of the CLI, in the order `--help` lists them. Each lives in its own file beside this one. */
export const commands: CliCommand[] = [keyCommand];
