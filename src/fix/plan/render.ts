/**
 * Runbook renderers: a terminal text and an `hbase shell` script (commands with the why as comments; deferred moves
 * left as comments, since their encoded names exist only after the split).
 *
 * @module
 */
import type { Runbook } from './types.js';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/**
 * Most commands (or undo commands) of one step the text runbook prints in full; a longer list (a spread of many
 * regions) shows its first {@link TEXT_COMMANDS_SHOWN} and a count, the shell script (`--format shell`) and the JSON
 * holding every one.
 */
export const TEXT_COMMANDS_MAX = 12;
/** Commands a longer list shows in the text runbook. */
export const TEXT_COMMANDS_SHOWN = 3;

/** `list` in full, or its first {@link TEXT_COMMANDS_SHOWN} and how many more when it is longer than {@link TEXT_COMMANDS_MAX}. */
function shownCommands(list: readonly string[]): { readonly shown: readonly string[]; readonly more: number } {
  return list.length > TEXT_COMMANDS_MAX ? { shown: list.slice(0, TEXT_COMMANDS_SHOWN), more: list.length - TEXT_COMMANDS_SHOWN } : { shown: list, more: 0 };
}

/** Plain-text runbook. */
export function renderRunbookText(book: Runbook): string {
  // shape none with a region: the table has no hotspot of its own, and the region is the one the steps act on (its
  // server hot by the sum of the tables, or the table's only region)
  const own = book.shape !== 'none';
  const out: string[] = [`Runbook for table ${book.table}: ${own ? book.shape : 'no hotspot in the table by itself'}`];
  if (book.hotRegion) {
    const h = book.hotRegion;
    const now = h.nowShare === undefined ? '' : `; hot now: ${pct(h.nowShare)} of requests while it was there, ${(h.nowRequestsPerSec ?? 0).toFixed(0)} requests/s`;
    const replica = h.replicaId === undefined ? '' : ` (read replica ${h.replicaId})`;
    out.push(`${own ? 'hot region' : 'region the steps act on:'} ${h.encodedName}${replica} ["${h.startKey}", "${h.endKey}") on ${h.server}: ${pct(h.share)} of requests over the window, fair share ${pct(h.fairShare)}${now}`);
  }
  for (const e of book.evidence) out.push(`  evidence: ${e}`);
  for (const r of book.refused) out.push(`REFUSED ${r.action}: ${r.why}`);
  for (const s of book.steps) {
    out.push('', `${s.number}. ${s.title}`, `   why: ${s.why}`);
    const run = shownCommands(s.commands);
    for (const c of run.shown) out.push(`   hbase> ${c}`);
    if (run.more > 0) out.push(`   … and ${run.more} more commands like these (fix plan --format shell writes every command as an hbase shell script; --json lists them)`);
    out.push(`   check: ${s.check}`);
    const undo = shownCommands(s.undo);
    out.push(`   undo: ${undo.shown.length > 0 ? `${undo.shown.join('; ')}${undo.more > 0 ? `; … and ${undo.more} more (${s.undoNote})` : ''}` : s.undoNote}`);
  }
  if (book.steps.length === 0) out.push('', 'no steps');
  if (book.warnings.length > 0) out.push('', 'failure modes:');
  for (const w of book.warnings) out.push(`  - ${w}`);
  return `${out.join('\n')}\n`;
}

/** The runbook as an `hbase shell` script; advice steps and deferred moves appear as comments. */
export function renderRunbookShell(book: Runbook): string {
  const out: string[] = [`# hbase-hotspot runbook for table ${book.table} (${book.shape}); run the steps one at a time and check each`];
  for (const r of book.refused) out.push(`# refused ${r.action}: ${r.why}`);
  for (const s of book.steps) {
    out.push('', `# ${s.number}. ${s.title}`, `# why: ${s.why}`);
    if (s.deferredMove) {
      out.push(`# look up the encoded name of the region of '${s.deferredMove.table}' starting at "${s.deferredMove.startKey}" (list_regions), then:`);
      for (const c of s.commands) out.push(`# ${c}`);
    } else {
      for (const c of s.commands) out.push(c);
    }
    out.push(`# check: ${s.check}`, `# undo: ${s.undo.length > 0 ? s.undo.join('; ') : s.undoNote}`);
  }
  return `${out.join('\n')}\n`;
}
