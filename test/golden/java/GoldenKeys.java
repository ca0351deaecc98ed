// Prints golden rowkey vectors as JSON, computed by the JDK itself: String.hashCode, String.format, MessageDigest,
// StringBuilder.reverse, SimpleDateFormat in UTC, ByteBuffer (big-endian, as HBase's Bytes.toBytes(long)) and
// String.getBytes(UTF_8). Regenerate with:  java test/golden/java/GoldenKeys.java > test/golden/keys.json
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.TimeZone;

public class GoldenKeys {
    // Strings chosen for: ASCII, the playbook's examples, multi-byte UTF-8, a surrogate pair (emoji), negative hash
    // codes, and "polygenelubricants", whose hashCode is Integer.MIN_VALUE.
    static final String[] TEXTS = {
        "", "a", "sensor001", "sensor002", "sensor003", "20260308_sensor001", "user001_1709856000000",
        "caf\u00e9", "\u65e5\u672c\u8a9e", "\ud83d\ude00", "a\ud83d\ude00b", "www.google.com", "mem_used_d1",
        "hello world", "polygenelubricants", "device-\u00fc-42",
    };
    // Lone surrogates: Java encodes each as '?'.
    static final String[] ODD_TEXTS = { "\ud800", "a\udc00b", "\udc00\ud800", "x\ud83d\ude00\ude00", "\ud800\ud800\udc00" };
    static final int[] SALT_BUCKETS = { 1, 10, 16, 32, 256 };

    public static void main(String[] args) throws Exception {
        if ("polygenelubricants".hashCode() != Integer.MIN_VALUE) throw new AssertionError("expected Integer.MIN_VALUE");
        List<String> out = new ArrayList<>();
        List<String> rows = new ArrayList<>();
        for (String s : all()) rows.add(obj("input", str(s), "hash", Integer.toString(s.hashCode())));
        out.add(field("hashCode", arr(rows)));

        rows = new ArrayList<>();
        for (String s : all()) for (int n : SALT_BUCKETS)
            rows.add(obj("input", str(s), "buckets", Integer.toString(n), "salt", str(String.format("%02x", Math.abs(s.hashCode() % n)))));
        out.add(field("salt", arr(rows)));

        // Above 256 buckets Java's %02x is only a minimum width; record what it prints.
        rows = new ArrayList<>();
        for (String s : all()) for (int n : new int[] { 4096, 1000 })
            rows.add(obj("input", str(s), "buckets", Integer.toString(n), "javaFormat02x", str(String.format("%02x", Math.abs(s.hashCode() % n)))));
        out.add(field("saltWide", arr(rows)));

        rows = new ArrayList<>();
        for (String s : all()) for (int n : new int[] { 10, 16, 1000, 10000 })
            rows.add(obj("input", str(s), "buckets", Integer.toString(n), "bucket", str(String.format("%04d", Math.abs(s.hashCode() % n)))));
        out.add(field("bucket", arr(rows)));

        rows = new ArrayList<>();
        for (String s : all())
            rows.add(obj("input", str(s), "md5", str(hex(MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8)))),
                "sha256", str(hex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8))))));
        out.add(field("digest", arr(rows)));

        rows = new ArrayList<>();
        for (String s : all()) rows.add(obj("input", str(s), "reversed", str(new StringBuilder(s).reverse().toString())));
        out.add(field("reverse", arr(rows)));

        rows = new ArrayList<>();
        for (String s : all()) rows.add(obj("input", str(s), "utf8", str(hex(s.getBytes(StandardCharsets.UTF_8)))));
        out.add(field("utf8", arr(rows)));

        long[] times = { 0L, 1L, 951782400000L, 1587799000000L, 1709856000000L, 1709856000123L, 253402300799999L,
            9007199254740993L, Long.MAX_VALUE };
        rows = new ArrayList<>();
        for (long t : times) rows.add(obj("ts", str(Long.toString(t)), "reverseTs", str(String.format("%019d", Long.MAX_VALUE - t))));
        out.add(field("reverseTs", arr(rows)));

        rows = new ArrayList<>();
        for (String pattern : new String[] { "yyyyMMdd", "yyyyMMddHHmmssSSS", "yyyy-MM-dd'T'HH:mm:ss.SSS", "HH", "yyyy/MM" })
            for (long t : new long[] { 0L, 951782400000L, 1709856000123L, 253402300799999L }) {
                SimpleDateFormat f = new SimpleDateFormat(pattern);
                f.setTimeZone(TimeZone.getTimeZone("UTC"));
                rows.add(obj("ts", Long.toString(t), "pattern", str(pattern), "text", str(f.format(new Date(t)))));
            }
        out.add(field("date", arr(rows)));

        rows = new ArrayList<>();
        for (long v : new long[] { 0L, 1L, -1L, 255L, 1709856000000L, 9007199254740993L, Long.MAX_VALUE, Long.MIN_VALUE })
            rows.add(obj("value", str(Long.toString(v)), "long", str(hex(ByteBuffer.allocate(8).putLong(v).array())),
                "reverseLong", v < 0 ? "null" : str(hex(ByteBuffer.allocate(8).putLong(Long.MAX_VALUE - v).array()))));
        out.add(field("long", arr(rows)));

        // Whole keys as the playbook's generators build them, written out by hand (StringBuilder, no template).
        rows = new ArrayList<>();
        String[][] records = { { "sensor001", "1709856000000" }, { "sensor002", "1709856000000" }, { "d\u00e9vice-\ud83d\ude00", "1" },
            { "polygenelubricants", "1587799000000" } };
        for (String[] r : records) {
            String id = r[0];
            long ts = Long.parseLong(r[1]);
            String key = String.format("%02x", Math.abs(id.hashCode() % 16)) + "_" + id + "_" + String.format("%019d", Long.MAX_VALUE - ts);
            rows.add(obj("template", str("{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}"), "deviceId", str(id), "ts", Long.toString(ts),
                "key", str(hex(key.getBytes(StandardCharsets.UTF_8)))));
        }
        out.add(field("keys", arr(rows)));
        System.out.println("{\n" + String.join(",\n", out) + "\n}");
    }

    static List<String> all() {
        List<String> l = new ArrayList<>(List.of(TEXTS));
        l.addAll(List.of(ODD_TEXTS));
        return l;
    }

    static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder();
        for (byte b : bytes) sb.append(Character.forDigit((b >> 4) & 15, 16)).append(Character.forDigit(b & 15, 16));
        return sb.toString();
    }

    // JSON string with every non-ASCII UTF-16 unit escaped, so lone surrogates survive.
    static String str(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') sb.append('\\').append(c);
            else if (c < 0x20 || c > 0x7e) sb.append(String.format("\\u%04x", (int) c));
            else sb.append(c);
        }
        return sb.append('"').toString();
    }

    static String obj(String... kv) {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < kv.length; i += 2) sb.append(i == 0 ? "" : ", ").append(str(kv[i])).append(": ").append(kv[i + 1]);
        return sb.append('}').toString();
    }

    static String arr(List<String> rows) {
        return "[\n    " + String.join(",\n    ", rows) + "\n  ]";
    }

    static String field(String name, String value) {
        return "  " + str(name) + ": " + value;
    }
}
