/**
 * The error hierarchy. Every error the library throws on bad input is a {@link HotspotError} with a stable `code`
 * (for scripts) and a message that names the input, the place (file, line, field, template position) and the fix.
 */

/** Where in the user's input a problem sits. Every field is optional; render with {@link formatWhere}. */
export interface InputLocation {
  /** File path as the user gave it. */
  file?: string;
  /** 1-based line number. */
  line?: number;
  /** 1-based column number. */
  column?: number;
  /** Field or path inside a structured input, e.g. `workload.entities.count`. */
  field?: string;
}

/** Options for {@link HotspotError}. */
export interface HotspotErrorOptions extends InputLocation {
  cause?: unknown;
}

/** Renders a location as `file:line:column` followed by ` (field)` when known; empty when nothing is known. */
export function formatWhere(where: InputLocation): string {
  let out = where.file ?? '';
  if (where.line !== undefined) out += `${out ? ':' : 'line '}${where.line}`;
  if (where.column !== undefined) out += `:${where.column}`;
  if (where.field !== undefined) out += out ? ` (${where.field})` : where.field;
  return out;
}

/**
 * Base class of every error caused by user input or by the outside world (HBase, files, network).
 * Anything else thrown by the library is a bug.
 */
export class HotspotError extends Error {
  override readonly name: string = 'HotspotError';
  /** Stable machine-readable code, e.g. `TEMPLATE_SYNTAX`, `DURATION_INVALID`. */
  readonly code: string;
  /** Where in the input the problem is, when known. */
  readonly where: InputLocation;

  constructor(code: string, message: string, options: HotspotErrorOptions = {}) {
    const { cause, ...where } = options;
    const prefix = formatWhere(where);
    // A message that already opens with the option it is about (`--delay 0: ...`) is not prefixed with it again.
    const named = prefix !== '' && prefix === where.field && message.startsWith(`${prefix} `);
    super(prefix && !named ? `${prefix}: ${message}` : message, cause === undefined ? undefined : { cause });
    this.code = code;
    this.where = where;
  }
}

/** True when `err` is a {@link HotspotError} (a user or environment error, not a bug). */
export function isHotspotError(err: unknown): err is HotspotError {
  return err instanceof HotspotError;
}
