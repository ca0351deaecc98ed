/**
 * `hbase-hotspot fix plan|apply`: the runbook for a detected hotspot, and running it step by step
 * (`fix-plan.ts`, `fix-apply.ts`).
 */
import type { CliCommand } from '../program.js';
import { registerFixApply } from './fix-apply.js';
import { registerFixPlan } from './fix-plan.js';

/** The `fix` command. */
export const fixCommand: CliCommand = {
  register(program, io) {
    const fix = program.command('fix').description('plan the fix of a detected hotspot as a runbook, and apply it step by step');
    registerFixPlan(fix, io);
    registerFixApply(fix, io);
  },
};
