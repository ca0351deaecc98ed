/**
 * Runbook renderers: a terminal text and an `hbase shell` script (commands with the why as comments; deferred moves
 * left as comments, since their encoded names exist only after the split).
 *
 * @module
 */
import type { Runbook } from './types.js';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** Plain-text runbook. */
export function renderRunbookText(book: Runbook): string {
  const out: string[] = [`Runbook for table ${book.table}: ${book.shape}`];
  if (book.hotRegion) {
    const h = book.hotRegion;
    const now = h.nowShare === undefined ? '' : `; hot now: ${pct(h.nowShare)} of requests while it was there, ${(h.nowRequestsPerSec ?? 0).toFixed(0)} requests/s`;
    const replica = h.replicaId === undefined ? '' : ` (read replica ${h.replicaId})`;
    out.push(`hot region ${h.encodedName}${replica} ["${h.startKey}", "${h.endKey}") on ${h.server}: ${pct(h.share)} of requests over the window, fair share ${pct(h.fairShare)}${now}`);
  }
  for (const e of book.evidence) out.push(`  evidence: ${e}`);
  for (const r of book.refused) out.push(`REFUSED ${r.action}: ${r.why}`);
  for (const s of book.steps) {
    out.push('', `${s.number}. ${s.title}`, `   why: ${s.why}`);
    for (const c of s.commands) out.push(`   hbase> ${c}`);
    out.push(`   check: ${s.check}`);
    out.push(`   undo: ${s.undo.length > 0 ? s.undo.join('; ') : s.undoNote}`);
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
