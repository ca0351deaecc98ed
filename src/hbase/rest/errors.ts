/**
 * Errors raised by the HBase REST client.
 *
 * @module
 */
import { HotspotError } from '../../util/errors.js';

/**
 * Stable machine-readable error codes of {@link RestError}.
 *
 * - `REST_HTTP`: the gateway answered with a non-success HTTP status (see {@link RestError.status}).
 * - `REST_TIMEOUT`: an attempt did not complete (headers and body) within the configured timeout.
 * - `REST_UNREACHABLE`: the connection failed (refused, reset, DNS, TLS handshake...).
 * - `REST_ABORTED`: the caller's `AbortSignal` fired.
 * - `REST_DECODE`: the gateway answered 2xx but the body was not the JSON shape expected.
 */
export type RestErrorCode = 'REST_HTTP' | 'REST_TIMEOUT' | 'REST_UNREACHABLE' | 'REST_ABORTED' | 'REST_DECODE';

/** Details attached to a {@link RestError}. */
export interface RestErrorDetails {
  /** HTTP method of the failed request, e.g. `GET`. */
  readonly method: string;
  /** Request URL (credentials never included). */
  readonly url: string;
  /** HTTP status, when the gateway answered. */
  readonly status?: number;
  /** HBase's response body, trimmed and shortened (see {@link summarizeBody}). */
  readonly body?: string;
  /** Number of attempts made (1 = no retry). */
  readonly attempts?: number;
  /** Underlying error (network error, abort reason, JSON syntax error...). */
  readonly cause?: unknown;
}

/** Longest HBase message body quoted in an error message, in characters. */
export const MAX_BODY_IN_MESSAGE = 400;

/**
 * Shortens an HBase error body for a message: drops Java stack frames (`\tat ...` lines, which the gateway appends
 * to 4xx/5xx bodies), collapses whitespace and cuts to {@link MAX_BODY_IN_MESSAGE} characters. HBase answers errors
 * as `text/plain`, e.g. `Not found\norg.apache.hadoop.hbase.TableNotFoundException: t\n\tat ...`.
 */
export function summarizeBody(body: string): string {
  const lines = body.split(/\r?\n/).filter((line) => !/^\s+at\s|^\s*\.\.\. \d+ more\s*$/.test(line));
  const flat = lines.join(' ').replace(/\s+/g, ' ').trim();
  return flat.length > MAX_BODY_IN_MESSAGE ? `${flat.slice(0, MAX_BODY_IN_MESSAGE)}…` : flat;
}

/**
 * Error thrown by every REST client operation. The message names the method, the URL, the HTTP status
 * (when there was one) and HBase's message body; {@link RestError.code} is stable for programmatic use.
 */
export class RestError extends HotspotError {
  override readonly name: string = 'RestError';
  /** Stable error code. */
  declare readonly code: RestErrorCode;
  /** HTTP method of the failed request. */
  readonly method: string;
  /** Request URL (without credentials). */
  readonly url: string;
  /** HTTP status, when the gateway answered. */
  readonly status: number | undefined;
  /** HBase's response body, trimmed (may be empty). */
  readonly body: string | undefined;
  /** Attempts made before giving up. */
  readonly attempts: number;

  constructor(code: RestErrorCode, summary: string, details: RestErrorDetails) {
    let message = `${details.method} ${details.url} ${summary}`;
    if (details.body) message += `: HBase said "${details.body}"`;
    if ((details.attempts ?? 1) > 1) message += ` (after ${details.attempts} attempts)`;
    super(code, message, details.cause === undefined ? {} : { cause: details.cause });
    this.method = details.method;
    this.url = details.url;
    this.status = details.status;
    this.body = details.body;
    this.attempts = details.attempts ?? 1;
  }
}

/** True when `err` is a {@link RestError} with HTTP status `status` (e.g. `isHttpStatus(e, 404)`). */
export function isHttpStatus(err: unknown, status: number): boolean {
  return err instanceof RestError && err.code === 'REST_HTTP' && err.status === status;
}
