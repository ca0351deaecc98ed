/** Layer 1: rowkeys as `Uint8Array`, HBase byte order and printable form, and Java-compatible primitives. */
export { compareBytes, equalBytes, isRegionRange, startsWithBytes, concatBytes, joinBytes, prefixStopRow } from './compare.js';
export { toStringBinary, toBytesBinary } from './binary-string.js';
export { javaStringHashCode, javaIntAbs, javaBytesHashCode, JAVA_LONG_MAX, JAVA_LONG_MIN, JAVA_INT_MIN } from './java.js';
export { longToBytes, bytesToLong, toJavaLong, LONG_BYTES } from './long.js';
export { toHex, fromHex } from './hex.js';
export { utf8Bytes, utf8Text, utf8TextStrict } from './utf8.js';
