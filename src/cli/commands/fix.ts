/**
 * `hbase-hotspot fix plan|apply|balancer`: the runbook for a detected hotspot, running it step by step, and the
 * balancer what-if (`fix-plan.ts`, `fix-apply.ts`, `fix-balancer.ts`).
 */
import type { CliCommand } from '../program.js';
import { registerFixApply } from './fix-apply.js';
import { registerFixBalancer } from './fix-balancer.js';
import { registerFixPlan } from './fix-plan.js';

/** The `fix` command. */
export const fixCommand: CliCommand = {
  register(program, io) {
    const fix = program.command('fix').description('plan the fix of a detected hotspot as a runbook, and apply it step by step');
    registerFixPlan(fix, io);
    registerFixApply(fix, io);
    registerFixBalancer(fix, io);
  },
};
