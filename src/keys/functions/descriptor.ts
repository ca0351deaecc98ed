/**
 * The contract between the template compiler and the functions a template may call. Each function family lives in
 * its own file beside this one and exports {@link FunctionDescriptor}s; `index.ts` lists them. Adding a function is
 * adding a descriptor: the parser checks arity and argument kinds from it, the compiler asks it for a
 * {@link CompiledCall}, and `key explain`, decoding and scan planning read the call's metadata.
 */
import type { KeyPartKind, KeyRecord, PartAlphabet } from '../types.js';
import type { KeyBuffer } from './key-buffer.js';

/**
 * What an argument must be:
 * - `text`: any text-valued expression (a field name, a string literal, `concat(...)`, a text-valued call);
 * - `field`: a bare field name read as a long by numeric functions, or arithmetic over fields and integers (given to
 *   the function as a `long` argument);
 * - `int`: an integer literal, e.g. the bucket count of `salt(x, 16)`;
 * - `string`: a string literal in double quotes, e.g. the pattern of `date(t, "yyyyMMdd")`.
 */
export type ArgKind = 'text' | 'field' | 'int' | 'string';

/** One declared argument. */
export interface ArgSpec {
  /** Name shown in errors and help, e.g. `buckets`. */
  readonly name: string;
  readonly kind: ArgKind;
  /** For `int`: the smallest and largest accepted values (inclusive). */
  readonly min?: number;
  readonly max?: number;
}

/** A field's text read back from a part's text: the field, its text, and whether bytes may be missing from its end. */
export interface RecoveredText {
  readonly field: string;
  readonly text: string;
  /** True when trailing fill bytes were dropped that may have belonged to the value (`padBytes`). */
  readonly trimmed?: boolean;
}

/** A compiled text-valued expression: a field's text, a string literal, `concat(...)` or a text-valued call. */
export interface TextExpr {
  /** Source text, e.g. `concat(metric, "_", device)`. */
  readonly source: string;
  /** 0-based character offset in the template. */
  readonly position: number;
  /** Fields read, in first-use order. */
  readonly inputs: readonly string[];
  /** UTF-8 width in bytes when every value has the same width. */
  readonly fixedWidth: number | undefined;
  readonly alphabet: PartAlphabet;
  /** The text (a JavaScript string, i.e. UTF-16 code units like a Java `String`). */
  text(record: KeyRecord): string;
  /** Continues Java's `String.hashCode` recurrence `h = 31*h + c` over this text, starting from `h`. */
  hash(record: KeyRecord, h: number): number;
  /** Appends the text's UTF-8 bytes (Java's `getBytes(UTF_8)`). */
  write(record: KeyRecord, out: KeyBuffer): void;
  /** Set when the expression is exactly one field's text (`{deviceId}`), so callers may read the field directly. */
  readonly field?: string;
  /**
   * When the text gives back one field's text (a field, or `reverse` of one): that inversion. `trimmed` is set when
   * the text may have lost bytes of the value (`padBytes` dropped trailing fill bytes, which the value may have ended
   * with); the decoder then prefers another part that gives the field back whole.
   */
  recoverText?(text: string): RecoveredText;
}

/**
 * A compiled long-valued argument: a field read as a Java long, or arithmetic over fields and integers with Java long
 * semantics (`ts / 3600000 * 3600`, `ts % 5`).
 */
export interface LongExpr {
  /** Source text, e.g. `ts / 3600000 * 3600`. */
  readonly source: string;
  /** 0-based character offset in the template. */
  readonly position: number;
  /** Fields read, in first-use order. */
  readonly inputs: readonly string[];
  /** Set when the argument is exactly one field (so a function may give it back on decode and order by it). */
  readonly field?: string;
  /** The field, or the expression's source, for error messages. */
  readonly name: string;
  /**
   * The value: a number when it is a safe integer, a bigint otherwise.
   * @throws HotspotError `TEMPLATE_FIELD_MISSING`, `TEMPLATE_FIELD_TYPE`, `TEMPLATE_VALUE_RANGE` (a field beyond a
   * long, or a division by zero).
   */
  read(record: KeyRecord): number | bigint;
}

/** A parsed and checked argument, as handed to {@link FunctionDescriptor.compile}. */
export type CompiledArg =
  | { readonly kind: 'text'; readonly expr: TextExpr; readonly source: string; readonly position: number }
  | { readonly kind: 'field'; readonly name: string; readonly source: string; readonly position: number }
  | { readonly kind: 'long'; readonly expr: LongExpr; readonly source: string; readonly position: number }
  | { readonly kind: 'int'; readonly value: number; readonly source: string; readonly position: number }
  | { readonly kind: 'string'; readonly value: string; readonly source: string; readonly position: number };

/** The call being compiled: its name, source text, template position and checked arguments. */
export interface CallSite {
  readonly name: string;
  readonly source: string;
  readonly position: number;
  readonly args: readonly CompiledArg[];
}

/** What a call compiles into. Text-valued calls also satisfy {@link TextExpr} (`text`, `hash`). */
export interface CompiledCall {
  readonly inputs: readonly string[];
  readonly fixedWidth: number | undefined;
  readonly alphabet: PartAlphabet;
  /** Number of distinct values for salt-like calls. */
  readonly buckets?: number;
  /** Bytes written for bucket `i` (salt-like calls). */
  bucketBytes?(bucket: number): Uint8Array;
  readonly order: 'ascending' | 'descending' | 'none';
  readonly orderField?: string;
  /** Appends the call's bytes. */
  write(record: KeyRecord, out: KeyBuffer): void;
  /** Text-valued calls: the text (see {@link TextExpr.text}). */
  text?(record: KeyRecord): string;
  /** Text-valued calls: continue Java's hashCode over the text. */
  hash?(record: KeyRecord, h: number): number;
  /** Text-valued calls that invert to one field's text (e.g. `reverse(domain)`); see {@link TextExpr.recoverText}. */
  recoverText?(text: string): RecoveredText;
  /**
   * Calls that give back their input field from their own bytes `key[from, to)` (pad, reverseTs, long, a full-
   * precision date). Returns the field value (a number, or a bigint beyond 2^53), or a sentence saying why the bytes
   * are not a value of this call. Text-valued inversions use `recoverText` instead.
   */
  recover?: { readonly field: string; read(key: Uint8Array, from: number, to: number): number | bigint | string };
  /**
   * Calls computed over the key bytes that FOLLOW them (compatibility salts such as Phoenix's salt byte): the
   * compiler reserves `fixedWidth` bytes, writes the rest of the key, then calls this with the finished key buffer,
   * the call's offset `at` and the key's end. `write` is not called for such calls.
   */
  fillFromFollowing?(key: Uint8Array, at: number, end: number): void;
}

/** One function a template may call. */
export interface FunctionDescriptor {
  /** Name as written in templates, e.g. `salt`. */
  readonly name: string;
  /** Part kind reported in {@link KeyPart.kind} when the call is a whole template part. */
  readonly kind: KeyPartKind;
  /** One line for help and `key explain`. */
  readonly summary: string;
  /** Declared arguments, in order. */
  readonly args: readonly ArgSpec[];
  /**
   * When set, the call may stop after this many arguments; the later ones in `args` are optional (`salt(x, N)` and
   * `salt(x, N, "%02d")`). Unset: every argument in `args` is required.
   */
  readonly minArgs?: number;
  /** When set, any number (at least `args.length`) of further arguments of this kind (`concat`). */
  readonly variadic?: ArgKind;
  /** `text` values can be nested inside other calls; `bytes` values only stand as whole template parts. */
  readonly output: 'text' | 'bytes';
  /** Whether the bytes are a one-way function of the input (salts, hashes): verified on decode, never inverted. */
  readonly oneWay: boolean;
  /** Builds the call. Throws HotspotError `TEMPLATE_ARGUMENT` naming the position for arguments out of range. */
  compile(site: CallSite): CompiledCall;
}
