package hbasehotspot.keys;

import java.util.Arrays;

/** A growable byte buffer a template writes a rowkey into, part by part (src/keys/functions/key-buffer.ts). */
final class KeyBuffer {
  byte[] bytes = new byte[256];
  int length;

  void reserve(int n) {
    if (length + n > bytes.length) bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + n));
  }

  void write(byte[] src) {
    reserve(src.length);
    System.arraycopy(src, 0, bytes, length, src.length);
    length += src.length;
  }

  void write(int b) {
    reserve(1);
    bytes[length++] = (byte) b;
  }

  /** ASCII text (digits, hex) byte by byte. */
  void ascii(String text) {
    reserve(text.length());
    for (int i = 0; i < text.length(); i++) bytes[length++] = (byte) text.charAt(i);
  }

  /** Appends {@code n} zero bytes (placeholders a later fill overwrites). */
  void skip(int n) {
    reserve(n);
    Arrays.fill(bytes, length, length + n, (byte) 0);
    length += n;
  }

  byte[] take() {
    return Arrays.copyOf(bytes, length);
  }
}
