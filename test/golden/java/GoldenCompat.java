// Golden vectors for the compatibility salt prefixes (src/keys/compat/), computed by a real JDK.
//
// Run from the repository root:  java test/golden/java/GoldenCompat.java > test/golden/compat.json
//
// Each method restates, in a few lines of Java, the arithmetic of the project it is named after, so the JDK's own
// int overflow, Math.abs and % semantics produce the expected bytes (not the TypeScript under test):
//   Apache Phoenix  phoenix-core/src/main/java/org/apache/phoenix/schema/SaltingUtil.java
//                   getSaltingByte: hash = 31*h + b over the key bytes after the salt byte (h starts at 1),
//                   salt = (byte) Math.abs(hash % bucketNum)
//   HBaseWD         src/main/java/com/sematext/hbase/wd/RowKeyDistributorByHashPrefix.java
//                   OneByteSimpleHash.getHashPrefix: long hash = Math.abs(hashBytes(key)); (byte) (hash % mod)
//   OpenTSDB 2.x    src/core/RowKey.java prefixKeyWithSalt + getSaltBytes:
//                   modulo = Arrays.hashCode(metric + tags) % SALT_BUCKETS, negated when negative, written
//                   big-endian into SALT_WIDTH bytes
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public class GoldenCompat {
  static int hash(byte[] a) {
    int h = 1;
    for (byte b : a) h = 31 * h + b;
    return h;
  }

  static int phoenix(byte[] rest, int buckets) {
    return ((byte) Math.abs(hash(rest) % buckets)) & 0xff;
  }

  static int hbasewd(byte[] original, int mod) {
    long h = Math.abs(hash(original));
    return ((byte) (h % mod)) & 0xff;
  }

  static byte[] opentsdb(byte[] series, int buckets, int width) {
    int modulo = Arrays.hashCode(series) % buckets;
    if (modulo < 0) modulo = modulo * -1;
    byte[] out = new byte[width];
    int shift = 0;
    for (int i = 1; i <= width; i++) {
      out[width - i] = (byte) (modulo >>> shift);
      shift += 8;
    }
    return out;
  }

  static String hex(byte[] a) {
    StringBuilder sb = new StringBuilder();
    for (byte b : a) sb.append(String.format("%02x", b & 0xff));
    return sb.toString();
  }

  static byte[] seq(int... v) {
    byte[] out = new byte[v.length];
    for (int i = 0; i < v.length; i++) out[i] = (byte) v[i];
    return out;
  }

  public static void main(String[] args) {
    List<byte[]> inputs = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    inputs.add(new byte[0]); notes.add("empty");
    inputs.add(seq(-106, 0, -10, 0, 19, -2)); notes.add("hash Integer.MIN_VALUE (Phoenix SaltingUtilTest edge case)");
    inputs.add("tenant1\u0000id42".getBytes(StandardCharsets.UTF_8)); notes.add("ascii with separator");
    inputs.add("caf\u00e9-\u6771\u4eac".getBytes(StandardCharsets.UTF_8)); notes.add("multi-byte UTF-8");
    inputs.add("\uD83D\uDE00 sensor".getBytes(StandardCharsets.UTF_8)); notes.add("4-byte UTF-8 (surrogate pair)");
    inputs.add(seq(0xff, 0xff, 0xff, 0xff)); notes.add("0xFF run");
    inputs.add(seq(0x7f, 0x80, 0x00, 0x01)); notes.add("signed byte boundary");
    inputs.add("device-000017".getBytes(StandardCharsets.UTF_8)); notes.add("device id");
    inputs.add(seq(0, 0, 0, 42)); notes.add("Bytes.toBytes(42)");
    inputs.add(seq(0, 0, 1, 0, 0, 1, 0, 0, 1)); notes.add("OpenTSDB metric 000001 + tag pair 000001/000001");
    int[] bucketCounts = {1, 2, 3, 7, 10, 16, 20, 32, 37, 100, 255, 256};

    StringBuilder out = new StringBuilder();
    out.append("{\n  \"generatedBy\": \"java test/golden/java/GoldenCompat.java (").append(System.getProperty("java.version")).append(")\",\n");
    out.append("  \"hashes\": [\n");
    for (int i = 0; i < inputs.size(); i++) {
      out.append("    {\"hex\": \"").append(hex(inputs.get(i))).append("\", \"hash\": ").append(hash(inputs.get(i)))
          .append(", \"note\": \"").append(notes.get(i)).append("\"}").append(i + 1 < inputs.size() ? ",\n" : "\n");
    }
    out.append("  ],\n  \"bytes\": [\n");
    boolean first = true;
    for (byte[] in : inputs) {
      for (int n : bucketCounts) {
        if (!first) out.append(",\n");
        first = false;
        out.append("    {\"hex\": \"").append(hex(in)).append("\", \"buckets\": ").append(n)
            .append(", \"phoenix\": ").append(phoenix(in, n))
            .append(", \"hbasewd\": ").append(hbasewd(in, n))
            .append(", \"opentsdb\": \"").append(hex(opentsdb(in, n, 1))).append("\"}");
      }
    }
    out.append("\n  ],\n  \"opentsdbWide\": [\n");
    int[][] wide = {{20, 2}, {1000, 2}, {70000, 3}, {70000, 4}, {3, 3}, {100, 8}};
    first = true;
    for (byte[] in : inputs) {
      for (int[] w : wide) {
        if (!first) out.append(",\n");
        first = false;
        out.append("    {\"hex\": \"").append(hex(in)).append("\", \"buckets\": ").append(w[0])
            .append(", \"widthBytes\": ").append(w[1])
            .append(", \"salt\": \"").append(hex(opentsdb(in, w[0], w[1]))).append("\"}");
      }
    }
    out.append("\n  ]\n}\n");
    System.out.print(out);
  }
}
