/**
 * Contracts of `fix apply`: how it runs shell commands, reads the table's regions, and what it reports.
 *
 * @module
 */
import type { ShellBatchResult } from '../../hbase/shell/index.js';
import type { RunbookStep } from '../plan/index.js';

/** A region as `fix apply` sees it (REST `/<table>/regions`). */
export interface LiveRegion {
  readonly encodedName: string;
  /** toStringBinary. */
  readonly startKey: string;
  /** `host:port` as REST gives it, or `host,port,startcode`; `undefined` while unassigned. */
  readonly location: string | undefined;
  /**
   * Present only for a secondary read replica (a table with `REGION_REPLICATION` above 1): its replica id, 1 or more.
   * A step naming a replica's encoded name finds it; a region looked up by its start key (a daughter, a deferred
   * move) is the range's primary.
   */
  readonly replicaId?: number;
}

/** What a step came to. */
export type StepOutcome =
  /** Commands ran and the wait (if any) was met. */
  | 'done'
  /** Dry run: shown, not run. */
  | 'dry-run'
  /** An advice step: nothing to run, to be done by hand. */
  | 'manual'
  /** The operator declined it at the prompt (the run stops there). */
  | 'declined'
  /** Not run: its region moved, split or merged since the plan, or could not be checked (the run stops there). */
  | 'refused'
  /** A command failed or the wait timed out. */
  | 'failed'
  /** Not reached because an earlier step failed or was declined. */
  | 'not-run';

/** One step's account. */
export interface StepReport {
  readonly number: number;
  readonly title: string;
  readonly outcome: StepOutcome;
  /** The commands as run (deferred moves resolved) or as they would run. */
  readonly commands: readonly string[];
  /** For `failed`: what went wrong. */
  readonly error?: string;
  /** Undo commands for a step that ran. */
  readonly undo: readonly string[];
}

/** The whole account. */
export interface ApplyReport {
  readonly table: string;
  readonly executed: boolean;
  /** True when every step is done, dry-run or manual. */
  readonly ok: boolean;
  /** Steps whose commands ran to the end (outcome `done`); 0 in a dry run. */
  readonly stepsDone: number;
  /** Steps with commands to run (every step but the advice steps, which are done by hand). */
  readonly stepsToRun: number;
  readonly steps: readonly StepReport[];
}

/** Dependencies and switches of {@link applyRunbook}. */
export interface ApplyOptions {
  /** Run commands (`--yes`, or after a yes at the prompt). False: dry run. */
  readonly execute: boolean;
  /** Asked before each step with commands when set (interactive); false declines and stops. */
  readonly confirm?: (step: RunbookStep, commands: readonly string[]) => Promise<boolean>;
  /** Runs one step's commands in one shell batch, stopping at the first failure. */
  readonly runShell: (commands: readonly string[]) => Promise<ShellBatchResult>;
  /** The table's regions now; needed for deferred moves and waits. */
  readonly regions?: (table: string) => Promise<readonly LiveRegion[]>;
  /** Progress lines. */
  readonly log?: (line: string) => void;
  /** Longest wait for a step's effect, ms (default 120 000). */
  readonly waitTimeoutMs?: number;
  /** Poll period while waiting, ms (default 2 000). */
  readonly pollMs?: number;
  /**
   * Check, before a step that acts on a region, that the region is still online on the server the plan saw (default
   * true; needs `regions`). False skips the check (`--force`).
   */
  readonly checkRegions?: boolean;
}
