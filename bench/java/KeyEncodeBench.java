// The Java side of bench/key-encode.bench.ts: a hand-written encoder of the rowkey
// {salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}, the way a tuned Java writer builds it (StringBuilder, no
// String.format), over the same records. Run: java bench/java/KeyEncodeBench.java N
// Protocol on stdin/stdout, so the TypeScript side can alternate rounds with it under the same machine load:
// after building the records and three warm-up rounds it prints "ready"; each "round" line runs one timed round and
// prints {"keysPerSec", "keysPerCpuSec"} (per second of wall-clock time, and of the encoding thread's CPU time);
// "done" prints {"checksum", "sink", "sample"} and exits.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

public class KeyEncodeBench {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** Every key is used (its length and last byte summed), so no allocation can be optimised away. */
    static long sink;
    static byte[] last;

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

    static void round(String[] ids, long[] times, StringBuilder sb) {
        for (int i = 0; i < ids.length; i++) {
            last = encode(ids[i], times[i], sb);
            sink += last.length + last[last.length - 1];
        }
    }

    /** Java's Arrays.hashCode of every key folded with 31 * h, the same checksum the TypeScript side computes. */
    static int checksum(String[] ids, long[] times) {
        StringBuilder sb = new StringBuilder(64);
        int h = 0;
        for (int i = 0; i < ids.length; i++) h = 31 * h + Arrays.hashCode(encode(ids[i], times[i], sb));
        return h;
    }

    /**
     * Builds the device ids again before a timed round, outside its timing. A Java String caches its hashCode after
     * the first call, so over ids kept from an earlier round the salt would cost nothing; a writer's records are new
     * strings (parsed from a file or a message), whose hash is computed once per key, as the TypeScript side does.
     * (Measured in one JVM, best of 12 alternating rounds: 79 ns/key over cached hashes, 104 ns/key over new strings.)
     */
    static void rebuild(String[] ids) {
        for (int i = 0; i < ids.length; i++) ids[i] = deviceId(i);
        // Promotes the new strings now, so no timed round pays for copying them; the heap is fixed and pre-touched
        // (see bench/key-encode.bench.ts), so this collection returns no memory that a round would fault in again.
        System.gc();
    }

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        String[] ids = new String[n];
        long[] times = new long[n];
        for (int i = 0; i < n; i++) {
            ids[i] = deviceId(i);
            times[i] = ts(i);
        }
        // CPU time of this (the encoding) thread, to the nanosecond; the process figure ticks in 10 ms steps. It leaves
        // out the JVM's garbage-collector and compiler threads, which flatters Java a little.
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        StringBuilder sb = new StringBuilder(64);
        // Three warm-up rounds, as on the TypeScript side: on a loaded machine one round can end before C2 has
        // compiled the encoder.
        for (int w = 0; w < 3; w++) round(ids, times, sb);
        System.out.println("ready");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            if (line.equals("round")) {
                rebuild(ids);
                long start = System.nanoTime();
                long cpuStart = threads.getCurrentThreadCpuTime();
                round(ids, times, sb);
                double wall = (System.nanoTime() - start) / 1e9;
                double cpu = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e9;
                System.out.println("{\"keysPerSec\": " + Math.round(n / wall) + ", \"keysPerCpuSec\": " + Math.round(n / cpu) + "}");
            } else if (line.equals("done")) {
                System.out.println("{\"checksum\": " + checksum(ids, times) + ", \"sink\": " + sink + ", \"sample\": \""
                    + new String(last, StandardCharsets.UTF_8) + "\"}");
                return;
            }
        }
    }
}
