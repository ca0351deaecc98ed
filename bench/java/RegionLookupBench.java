// The Java side of bench/region-lookup.bench.ts: region lookups per second with a TreeMap<byte[], Integer> of region
// start keys and floorEntry, under an unsigned lexicographic byte comparator (the order of HBase's
// Bytes.BYTES_COMPARATOR; a client's region cache looks regions up the same way).
//
// Usage (single-file launch): java bench/java/RegionLookupBench.java KEYS_FILE ROUNDS
// KEYS_FILE, big-endian: int32 split count, then per split uint16 length + bytes; int32 lookup count, then per
// lookup uint16 length + bytes. Prints one line: "lookupsPerSec=<best round> checksum=<sum of region indexes>".
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.TreeMap;

public class RegionLookupBench {
  static byte[][] readKeys(DataInputStream in) throws IOException {
    int n = in.readInt();
    byte[][] keys = new byte[n][];
    for (int i = 0; i < n; i++) {
      keys[i] = new byte[in.readUnsignedShort()];
      in.readFully(keys[i]);
    }
    return keys;
  }

  static long round(TreeMap<byte[], Integer> map, byte[][] lookups) {
    long sum = 0;
    for (byte[] key : lookups) sum += map.floorEntry(key).getValue();
    return sum;
  }

  public static void main(String[] args) throws IOException {
    byte[][] splits;
    byte[][] lookups;
    try (DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(args[0])))) {
      splits = readKeys(in);
      lookups = readKeys(in);
    }
    int rounds = Integer.parseInt(args[1]);
    TreeMap<byte[], Integer> map = new TreeMap<>(Arrays::compareUnsigned);
    map.put(new byte[0], 0);
    for (int i = 0; i < splits.length; i++) map.put(splits[i], i + 1);
    long checksum = 0;
    for (int w = 0; w < 3; w++) checksum = round(map, lookups); // warm-up: let the JIT compile the loop
    double best = 0;
    for (int r = 0; r < rounds; r++) {
      long start = System.nanoTime();
      long sum = round(map, lookups);
      long elapsed = System.nanoTime() - start;
      if (sum != checksum) throw new IllegalStateException("checksum changed between rounds");
      best = Math.max(best, lookups.length / (elapsed / 1e9));
    }
    System.out.printf("lookupsPerSec=%.0f checksum=%d%n", best, checksum);
  }
}
