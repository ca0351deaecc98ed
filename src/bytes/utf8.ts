const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });
// ignoreBOM: a leading U+FEFF is a character of the text (Java's decoder keeps it), not a marker to drop.
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * UTF-8 bytes of a string, exactly as Java's `String.getBytes(UTF_8)` and HBase's `Bytes.toBytes(String)` produce them:
 * a lone (unpaired) surrogate becomes `?` (0x3F), where the WHATWG encoder would write U+FFFD.
 */
export function utf8Bytes(text: string): Uint8Array {
  const wellFormed = (text as { isWellFormed?: () => boolean }).isWellFormed?.() ?? !LONE_SURROGATE.test(text);
  LONE_SURROGATE.lastIndex = 0;
  return encoder.encode(wellFormed ? text : text.replace(LONE_SURROGATE, '?'));
}

/** Decodes UTF-8, replacing invalid sequences with U+FFFD (`Bytes.toString`). */
export function utf8Text(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** Decodes UTF-8 exactly (a leading byte-order mark stays, as in Java), or returns `undefined` when the bytes are not valid UTF-8. */
export function utf8TextStrict(bytes: Uint8Array): string | undefined {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}
