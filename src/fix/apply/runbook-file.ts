/**
 * Reads a runbook file (`fix plan --json` output) back, checking its shape so `fix apply` never runs a half-read file.
 *
 * @module
 */
import { HotspotError } from '../../util/errors.js';
import type { Runbook } from '../plan/index.js';

const KINDS = new Set(['quota', 'balancer-off', 'split', 'move', 'balancer-on', 'quota-remove', 'replicas', 'create-salted', 'advice']);

function bad(file: string, field: string, what: string): HotspotError {
  return new HotspotError('FIX_RUNBOOK_INVALID', `${file}: ${field} ${what}; give the JSON that \`hbase-hotspot fix plan --json\` printed`, { file, field });
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/**
 * Parses and checks a runbook.
 * @throws {@link HotspotError} `FIX_RUNBOOK_INVALID` naming the file and the field.
 */
export function parseRunbook(text: string, file: string): Runbook {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new HotspotError('FIX_RUNBOOK_INVALID', `${file}: not JSON (${(e as Error).message}); give the JSON that \`hbase-hotspot fix plan --json\` printed`, { file, cause: e });
  }
  const book = json as Partial<Runbook> | null;
  if (typeof book !== 'object' || book === null || book.format !== 'hbase-hotspot-runbook/1') throw bad(file, 'format', 'is not "hbase-hotspot-runbook/1"');
  if (typeof book.table !== 'string') throw bad(file, 'table', 'is missing');
  if (book.createdAtMs !== undefined && !Number.isFinite(book.createdAtMs)) throw bad(file, 'createdAtMs', 'is not a time in epoch ms');
  if (!Array.isArray(book.steps)) throw bad(file, 'steps', 'is not a list');
  book.steps.forEach((s, i) => {
    const at = `steps[${i}]`;
    if (typeof s !== 'object' || s === null) throw bad(file, at, 'is not an object');
    if (s.number !== i + 1) throw bad(file, `${at}.number`, `is not ${i + 1}`);
    if (!KINDS.has(s.kind)) throw bad(file, `${at}.kind`, `"${String(s.kind)}" is not a step kind`);
    if (typeof s.title !== 'string') throw bad(file, `${at}.title`, 'is missing');
    if (!isStrings(s.commands)) throw bad(file, `${at}.commands`, 'is not a list of strings');
    if (!isStrings(s.undo)) throw bad(file, `${at}.undo`, 'is not a list of strings');
    const r = s.region as Partial<NonNullable<typeof s.region>> | undefined;
    if (r !== undefined && (typeof r !== 'object' || r === null || typeof r.encodedName !== 'string' || typeof r.startKey !== 'string' || typeof r.server !== 'string')) {
      throw bad(file, `${at}.region`, 'is not {encodedName, startKey, server}');
    }
  });
  return book as Runbook;
}
