/**
 * Parsing of gateway answers, mapping syntax and shape errors to `REST_DECODE`.
 *
 * @module
 */
import { RestError } from './errors.js';
import type { RawResponse } from './transport.js';

/** Parses `res.text` as JSON and runs `decode` on it; throws `RestError('REST_DECODE')` on failure. */
export function parseJson<T>(res: RawResponse, method: string, decode: (json: unknown) => T): T {
  try {
    return decode(JSON.parse(res.text));
  } catch (cause) {
    const what = cause instanceof Error ? cause.message : String(cause);
    throw new RestError('REST_DECODE', `answered ${res.status} with an unexpected body (${what})`, {
      method,
      url: res.url,
      status: res.status,
      body: res.text.slice(0, 200),
      cause,
    });
  }
}
