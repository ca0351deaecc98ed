/**
 * `fix apply`: runs a runbook step by step through the `hbase shell` runner, one shell batch per step, waiting for
 * each step's effect (daughters online, region on its new server) by polling the table's regions; stops at the first
 * failure and accounts for every step: done, failed, not run. Dry run unless asked to execute.
 *
 * @module
 */
import { moveRegionCommand } from '../../hbase/shell/index.js';
import type { Runbook, RunbookStep, StepWait } from '../plan/index.js';
import type { ApplyOptions, ApplyReport, LiveRegion, StepReport } from './types.js';
import { hostPortOf as hostPort } from '../../util/server-name.js';

/** Thrown inside a step to fail it with a message. */
class StepFailure extends Error {}

/** Thrown before a step to refuse it: the cluster is not as the plan saw it. */
class StepRefusal extends Error {}

/**
 * Refuses the step when its region is not where the plan saw it: gone (split or merged: its encoded name is no longer
 * online), or on another server.
 */
async function checkRegion(step: RunbookStep, table: string, options: ApplyOptions): Promise<void> {
  const planned = step.region;
  if (!planned || options.checkRegions === false) return;
  if (!options.regions) throw new StepRefusal(`checking that region ${planned.encodedName} is still on ${planned.server} needs the REST gateway (--rest URL); --force skips the check`);
  const live = (await options.regions(table)).find((r) => r.encodedName === planned.encodedName);
  if (!live) throw new StepRefusal(`region ${planned.encodedName} (starting at "${planned.startKey}") is no longer online: it was split or merged since the plan; plan again`);
  if (live.location === undefined) throw new StepRefusal(`region ${planned.encodedName} is not assigned (in transition); wait, then run again or plan again`);
  if (hostPort(live.location) !== hostPort(planned.server)) {
    throw new StepRefusal(`region ${planned.encodedName} moved from ${planned.server} to ${live.location} since the plan; plan again`);
  }
}


async function regionsOf(options: ApplyOptions, table: string): Promise<readonly LiveRegion[]> {
  if (!options.regions) throw new StepFailure(`reading the regions of "${table}" needs the cluster: --zk QUORUM or --hbase-conf DIR (native client), or --rest URL`);
  return options.regions(table);
}

/** The step's commands, a deferred move resolved to the encoded name of the region now starting at its key. */
async function commandsOf(step: RunbookStep, options: ApplyOptions): Promise<string[]> {
  const d = step.deferredMove;
  if (!d) return [...step.commands];
  if (!options.execute) return [...step.commands];
  const region = (await regionsOf(options, d.table)).find((r) => r.replicaId === undefined && r.startKey === d.startKey);
  if (!region) throw new StepFailure(`no region of "${d.table}" starts at "${d.startKey}": the split did not happen or its daughters are not online`);
  return [moveRegionCommand(region.encodedName, d.server)];
}

function met(wait: StepWait, regions: readonly LiveRegion[]): boolean {
  const key = wait.kind === 'daughters-online' ? wait.splitKey : wait.startKey;
  // a table with read replicas lists each copy of a range with the range's start key: a moved copy (primary or
  // replica) is the one of its range on the target, where no plan sends a region that finds another copy there
  return regions.some((r) => r.startKey === key && r.location !== undefined && (wait.kind === 'daughters-online' || hostPort(r.location) === hostPort(wait.server)));
}

async function waitFor(wait: StepWait, options: ApplyOptions): Promise<void> {
  const deadline = Date.now() + (options.waitTimeoutMs ?? 120_000);
  const what = wait.kind === 'daughters-online'
    ? `a region of "${wait.table}" starting at "${wait.splitKey}" online`
    : `the region of "${wait.table}" starting at "${wait.startKey}" online on ${wait.server}`;
  options.log?.(`  waiting for ${what}\n`);
  for (;;) {
    if (met(wait, await regionsOf(options, wait.table))) return;
    if (Date.now() >= deadline) throw new StepFailure(`timed out after ${(options.waitTimeoutMs ?? 120_000) / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, options.pollMs ?? 2000));
  }
}

async function runStep(step: RunbookStep, commands: readonly string[], options: ApplyOptions): Promise<void> {
  const batch = await options.runShell(commands);
  const failed = batch.results.find((r) => r.status !== 'ok');
  if (failed || !batch.ok) {
    const why = failed?.error ? `${failed.error.type}: ${failed.error.message}` : failed ? `status ${failed.status}` : `shell exit code ${batch.exitCode}`;
    throw new StepFailure(`command "${failed?.command ?? commands[0]}" failed: ${why}`);
  }
  if (step.wait) await waitFor(step.wait, options);
}

/**
 * Applies (or, without `execute`, shows) a runbook.
 * @returns the account of every step; `ok` false after a failure or a decline.
 */
export async function applyRunbook(book: Runbook, options: ApplyOptions): Promise<ApplyReport> {
  const reports: StepReport[] = [];
  let stopped = false;
  for (const step of book.steps) {
    const base = { number: step.number, title: step.title, undo: step.undo };
    if (stopped) {
      reports.push({ ...base, outcome: 'not-run', commands: step.commands });
      continue;
    }
    if (step.commands.length === 0) {
      reports.push({ ...base, outcome: 'manual', commands: [] });
      continue;
    }
    let commands: readonly string[] = step.commands;
    try {
      commands = await commandsOf(step, options);
      if (!options.execute) {
        reports.push({ ...base, outcome: 'dry-run', commands });
        continue;
      }
      await checkRegion(step, book.table, options);
      if (options.confirm && !(await options.confirm(step, commands))) {
        reports.push({ ...base, outcome: 'declined', commands });
        stopped = true;
        continue;
      }
      options.log?.(`step ${step.number}: ${step.title}\n`);
      await runStep(step, commands, options);
      reports.push({ ...base, outcome: 'done', commands });
    } catch (e) {
      if (!(e instanceof Error)) throw e;
      reports.push({ ...base, outcome: e instanceof StepRefusal ? 'refused' : 'failed', commands, error: e.message });
      stopped = true;
    }
  }
  const ok = reports.every((r) => r.outcome === 'done' || r.outcome === 'dry-run' || r.outcome === 'manual');
  const stepsDone = reports.filter((r) => r.outcome === 'done').length;
  const stepsToRun = book.steps.filter((s) => s.commands.length > 0).length;
  return { table: book.table, executed: options.execute, ok, stepsDone, stepsToRun, steps: reports };
}

/**
 * The first line of the account: what happened, e.g. `Applied 2 of 4 steps`, `Nothing applied` when no step ran
 * (the first declined, refused or failed), `Dry run (...)` without `--yes`.
 */
function applyHeading(report: ApplyReport): string {
  if (!report.executed) return 'Dry run (nothing changed; --yes runs it)';
  if (report.stepsToRun === 0) return 'Nothing to run (every step is advice, done by hand)';
  if (report.stepsDone === 0) return 'Nothing applied';
  return `Applied ${report.stepsDone} of ${report.stepsToRun} step${report.stepsToRun === 1 ? '' : 's'}`;
}

/** The account in words: what ran, what failed, what did not run and how to undo what ran. */
export function renderApplyReport(report: ApplyReport): string {
  const out: string[] = [`${applyHeading(report)}: table ${report.table}`];
  for (const s of report.steps) {
    out.push(`${s.number}. [${s.outcome}] ${s.title}`);
    for (const c of s.commands) out.push(`   ${s.outcome === 'done' ? 'ran' : s.outcome === 'failed' ? 'tried' : '   '} ${c}`);
    if (s.error) out.push(`   error: ${s.error}`);
  }
  if (report.executed && !report.ok) {
    const done = report.steps.filter((s) => s.outcome === 'done');
    const rest = report.steps.filter((s) => s.outcome === 'not-run' || s.outcome === 'failed' || s.outcome === 'declined' || s.outcome === 'refused');
    out.push('', `stopped: done ${done.map((s) => s.number).join(', ') || 'nothing'}; not done ${rest.map((s) => s.number).join(', ')}`);
    for (const s of [...done].reverse()) if (s.undo.length > 0) out.push(`   undo ${s.number}: ${s.undo.join('; ')}`);
  }
  return `${out.join('\n')}\n`;
}
