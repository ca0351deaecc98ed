// The Java side of bench/key-encode.bench.ts: a hand-written encoder of the rowkey
// {salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}, the way a tuned Java writer builds it (StringBuilder, no
// String.format), over the same records. Prints one JSON line: best keys/s of 3 rounds after a warm-up (per second of
// wall-clock time, and per second of the process's CPU time, every thread included), and a checksum
// of the keys (computed in a separate pass). Run: java bench/java/KeyEncodeBench.java N
import java.nio.charset.StandardCharsets;

public class KeyEncodeBench {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** The record generator shared with the TypeScript side: device ids "sensor-<i>", times spread over a day. */
    static String deviceId(int i) {
        return "sensor-" + i;
    }

    static long ts(int i) {
        return 1709856000000L + (i * 7919L) % 86400000L;
    }

    static byte[] encode(String deviceId, long ts, StringBuilder sb) {
        int salt = Math.abs(deviceId.hashCode() % 16);
        long reversed = Long.MAX_VALUE - ts;
        sb.setLength(0);
        sb.append(HEX[salt >> 4]).append(HEX[salt & 15]).append('_').append(deviceId).append('_');
        int digits = 1;
        for (long v = reversed; v >= 10; v /= 10) digits++;
        for (int k = digits; k < 19; k++) sb.append('0');
        sb.append(reversed);
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Java's Arrays.hashCode of every key folded with 31 * h, the same checksum the TypeScript side computes. */
    static int checksum(String[] ids, long[] times) {
        StringBuilder sb = new StringBuilder(64);
        int h = 0;
        for (int i = 0; i < ids.length; i++) h = 31 * h + java.util.Arrays.hashCode(encode(ids[i], times[i], sb));
        return h;
    }

    /** Every key is used (its length and last byte summed), so no allocation can be optimised away. */
    static long sink;

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        String[] ids = new String[n];
        long[] times = new long[n];
        for (int i = 0; i < n; i++) {
            ids[i] = deviceId(i);
            times[i] = ts(i);
        }
        StringBuilder sb = new StringBuilder(64);
        com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        double best = 0;
        double bestCpu = 0;
        byte[] last = null;
        for (int round = -1; round < 3; round++) {
            long start = System.nanoTime();
            long cpuStart = os.getProcessCpuTime();
            for (int i = 0; i < n; i++) {
                last = encode(ids[i], times[i], sb);
                sink += last.length + last[last.length - 1];
            }
            double perSec = n / ((System.nanoTime() - start) / 1e9);
            double perCpuSec = n / ((os.getProcessCpuTime() - cpuStart) / 1e9);
            if (round >= 0 && perSec > best) best = perSec;
            if (round >= 0 && perCpuSec > bestCpu) bestCpu = perCpuSec;
        }
        System.out.println("{\"keysPerSec\": " + Math.round(best) + ", \"keysPerCpuSec\": " + Math.round(bestCpu) + ", \"checksum\": " + checksum(ids, times) + ", \"sink\": " + sink
            + ", \"sample\": \"" + new String(last, StandardCharsets.UTF_8) + "\"}");
    }
}
