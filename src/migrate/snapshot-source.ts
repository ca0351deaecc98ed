/**
 * A read-only source for the backfill: `snapshot` of the old table and `clone_snapshot` of it into a new table, through
 * the shell runner, so the backfill scans the clone and the hot table serves only its normal traffic. The clone holds
 * the cells as of the snapshot; cells written later reach the new table through the dual writer.
 *
 * @module
 */
import { checkTableName, runShellCommandsOrThrow, type ShellRunOptions } from '../hbase/shell/index.js';
import { rubyName } from '../hbase/shell/index.js';

/** Names of the snapshot and of its clone for a backfill of `table`, stamped with `nowMs`. */
export function snapshotNames(table: string, nowMs: number): { snapshot: string; clone: string } {
  const base = checkTableName(table).replace(':', '_');
  return { snapshot: `${base}_backfill_${nowMs}`, clone: `${base}_backfill_src_${nowMs}` };
}

/** The shell commands: `snapshot 'T', 'S'` (HBase SnapshotManager, flush type), then `clone_snapshot 'S', 'C'`. */
export function snapshotSourceCommands(table: string, names: { snapshot: string; clone: string }): string[] {
  return [`snapshot ${rubyName(checkTableName(table))}, ${rubyName(names.snapshot)}`, `clone_snapshot ${rubyName(names.snapshot)}, ${rubyName(checkTableName(names.clone))}`];
}

/** The shell commands that remove the clone and the snapshot once the backfill is done. */
export function snapshotCleanupCommands(names: { snapshot: string; clone: string }): string[] {
  return [`disable ${rubyName(names.clone)}`, `drop ${rubyName(names.clone)}`, `delete_snapshot ${rubyName(names.snapshot)}`];
}

/**
 * Snapshots `table` and clones the snapshot into a new table (one shell batch).
 * @param options - the shell runner's options; `nowMs` stamps the names (default now); `onCommands` is told the
 *   commands before they run (to show them).
 * @returns the names; scan `clone`.
 * @throws HBaseShellError from the shell runner when either command fails (e.g. a snapshot of that name exists).
 */
export async function cloneSnapshotSource(
  table: string,
  options: ShellRunOptions & { nowMs?: number; onCommands?: (commands: readonly string[]) => void } = {},
): Promise<{ snapshot: string; clone: string }> {
  const { nowMs, onCommands, ...run } = options;
  const names = snapshotNames(table, nowMs ?? Date.now());
  const commands = snapshotSourceCommands(table, names);
  onCommands?.(commands);
  await runShellCommandsOrThrow(commands, { onError: 'stop', ...run });
  return names;
}

/**
 * The snapshot and clone names back from a clone name made by {@link snapshotNames} (for a resumed backfill, whose
 * checkpoint names the clone); `undefined` when `clone` is not such a name.
 */
export function namesFromClone(clone: string): { snapshot: string; clone: string } | undefined {
  const m = /^(.*)_backfill_src_(\d+)$/.exec(clone);
  return m ? { snapshot: `${m[1]}_backfill_${m[2]}`, clone } : undefined;
}
