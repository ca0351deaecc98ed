import type { CliCommand } from '../program.js';
import { collectCommand } from './collect.js';
import { compareCommand } from './compare.js';
import { designCommand } from './design.js';
import { fixCommand } from './fix.js';
import { healthCommand } from './health.js';
import { indexCommand } from './indexes.js';
import { detectCommand } from './detect.js';
import { keyCommand } from './key.js';
import { lifecycleCommand } from './lifecycle.js';
import { lintCommand } from './lint.js';
import { loadCommand } from './load.js';
import { migrateCommand } from './migrate.js';
import { reportCommand } from './report.js';
import { seriesCommand } from './series.js';
import { serveCommand } from './serve.js';
import { simulateCommand } from './simulate.js';
import { splitsCommand } from './splits.js';
import { topCommand } from './top.js';

/** Every command of the CLI, in the order `--help` lists them. Each lives in its own file beside this one. */
export const commands: CliCommand[] = [simulateCommand, keyCommand, detectCommand, collectCommand, loadCommand, lintCommand, splitsCommand, designCommand, reportCommand, serveCommand, fixCommand, compareCommand, healthCommand, seriesCommand, topCommand, migrateCommand, lifecycleCommand, indexCommand];
