// Prints the golden rowkey vectors that both implementations of the template language run (the TypeScript tests in
// test/keys/ and the JVM's hbasehotspot.keys.GoldenCheck), computed by the JDK itself: String.hashCode,
// String.format, MessageDigest, StringBuilder.reverse, SimpleDateFormat in UTC and with TimeZone.getTimeZone(zone)
// (format and parse; java.time's ZoneRules finds the DST transitions to test around), ByteBuffer (big-endian, as
// HBase's Bytes.toBytes(long)), String.getBytes(UTF_8), Java long arithmetic, Arrays.hashCode for the compatibility
// salts. The Phoenix encodings are written from Phoenix's documented encoding (the sign bit of the big-endian two's
// complement flipped, as PLong/PInteger/PSmallint/PTinyint.toBytes do), not by Phoenix's own classes.
//
// Every section but hashCode is a list of vectors {template, record, key (hex)[, decoded]}: the template encodes the
// record to the key; when "decoded" is present the template decodes the key to that record (text as is, longs in
// decimal), and when it is absent the template does not decode. The errors section lists inputs both must refuse:
// {template, stage: compile | encode (record) | decode (key), error: the code[, field]}. Regenerate with (JDK 17,
// JDK classes only):
//   java test/golden/java/GoldenKeys.java > test/golden/functions.json
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.text.SimpleDateFormat;
import java.time.Instant;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.TimeZone;
import java.util.function.LongUnaryOperator;

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

        // One expression between brackets ([{...}]), so an empty value still makes a key.
        rows = new ArrayList<>();
        for (String s : all()) for (int n : SALT_BUCKETS)
            rows.add(vector("[{salt(x," + n + ")}]", rec("x", str(s)), brackets(String.format("%02x", Math.abs(s.hashCode() % n)))));
        // Above 256 buckets the salt is as wide as N-1 needs (Java's %02x is only a minimum width): %03x for 1000 and 4096.
        for (String s : all()) for (int n : new int[] { 4096, 1000 })
            rows.add(vector("[{salt(x," + n + ")}]", rec("x", str(s)), brackets(String.format("%03x", Math.abs(s.hashCode() % n)))));
        out.add(field("salt", arr(rows)));

        rows = new ArrayList<>();
        for (String s : all()) for (int n : new int[] { 10, 16, 1000, 10000 })
            rows.add(vector("[{bucket(x," + n + ")}]", rec("x", str(s)), brackets(String.format("%04d", Math.abs(s.hashCode() % n)))));
        out.add(field("bucket", arr(rows)));

        rows = new ArrayList<>();
        for (String s : all()) {
            String md5 = hex(MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8)));
            rows.add(vector("[{md5(x,32)}]", rec("x", str(s)), brackets(md5)));
            rows.add(vector("[{md5(x,4)}]", rec("x", str(s)), brackets(md5.substring(0, 4))));
            rows.add(vector("[{sha256(x)}]", rec("x", str(s)), brackets(hex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8))))));
        }
        out.add(field("digest", arr(rows)));

        // reverse(x) and a plain field decode to what a Java reader gets back from the bytes (a lone surrogate was '?').
        rows = new ArrayList<>();
        for (String s : all()) {
            String reversed = new StringBuilder(s).reverse().toString();
            String back = new StringBuilder(utf8RoundTrip(reversed)).reverse().toString();
            rows.add(vector("[{reverse(x)}]", rec("x", str(s)), brackets(reversed), rec("x", str(back))));
        }
        out.add(field("reverse", arr(rows)));

        rows = new ArrayList<>();
        for (String s : all()) rows.add(vector("[{x}]", rec("x", str(s)), brackets(s), rec("x", str(utf8RoundTrip(s)))));
        // A leading byte-order mark is text like any other: Java's UTF-8 decoder keeps it.
        for (String s : new String[] { "\ufeff", "\ufeffabc", "a\ufeff" })
            rows.add(vector("[{x}]", rec("x", str(s)), brackets(s), rec("x", str(utf8RoundTrip(s)))));
        out.add(field("utf8", arr(rows)));

        long[] times = { 0L, 1L, 951782400000L, 1587799000000L, 1709856000000L, 1709856000123L, 253402300799999L,
            9007199254740993L, Long.MAX_VALUE };
        rows = new ArrayList<>();
        for (long t : times) rows.add(vector("[{reverseTs(t)}]", rec("t", str(Long.toString(t))),
            brackets(String.format("%019d", Long.MAX_VALUE - t)), rec("t", str(Long.toString(t)))));
        out.add(field("reverseTs", arr(rows)));

        rows = new ArrayList<>();
        for (String pattern : new String[] { "yyyyMMdd", "yyyyMMddHHmmssSSS", "yyyy-MM-dd'T'HH:mm:ss.SSS", "HH", "yyyy/MM" })
            for (long t : new long[] { 0L, 951782400000L, 1709856000123L, 253402300799999L }) {
                SimpleDateFormat f = new SimpleDateFormat(pattern);
                f.setTimeZone(TimeZone.getTimeZone("UTC"));
                String text = f.format(new Date(t));
                String template = "[{date(t,\"" + pattern.replace("\\", "\\\\").replace("\"", "\\\"") + "\")}]";
                if (pattern.contains("SSS")) rows.add(vector(template, rec("t", str(Long.toString(t))), brackets(text), rec("t", str(Long.toString(f.parse(text).getTime())))));
                else rows.add(vector(template, rec("t", str(Long.toString(t))), brackets(text)));
            }
        out.add(field("date", arr(rows)));

        rows = new ArrayList<>();
        for (long v : new long[] { 0L, 1L, -1L, 255L, 1709856000000L, 9007199254740993L, Long.MAX_VALUE, Long.MIN_VALUE }) {
            String x = rec("x", str(Long.toString(v)));
            rows.add(vector("[{long(x)}]", x, brackets(ByteBuffer.allocate(8).putLong(v).array()), x));
            if (v >= 0) rows.add(vector("[{reverseLong(x)}]", x, brackets(ByteBuffer.allocate(8).putLong(Long.MAX_VALUE - v).array()), x));
        }
        out.add(field("long", arr(rows)));

        // Whole keys as the playbook's generators build them, written out by hand (StringBuilder, no template).
        rows = new ArrayList<>();
        String[][] records = { { "sensor001", "1709856000000" }, { "sensor002", "1709856000000" }, { "d\u00e9vice-\ud83d\ude00", "1" },
            { "polygenelubricants", "1587799000000" } };
        for (String[] r : records) {
            String id = r[0];
            long ts = Long.parseLong(r[1]);
            String key = String.format("%02x", Math.abs(id.hashCode() % 16)) + "_" + id + "_" + String.format("%019d", Long.MAX_VALUE - ts);
            String record = rec("deviceId", str(id), "ts", str(Long.toString(ts)));
            rows.add(vector("{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}", record, key.getBytes(StandardCharsets.UTF_8), record));
        }
        out.add(field("keys", arr(rows)));

        out.addAll(functions());
        out.add(field("compatPrefixes", arr(compatPrefixes())));
        out.add(field("errors", arr(errors())));
        System.out.println("{\n" + String.join(",\n", out) + "\n}");
    }

    static String utf8RoundTrip(String s) {
        return new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
    }

    static byte[] brackets(String text) {
        return brackets(text.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] brackets(byte[] inner) {
        byte[] out = new byte[inner.length + 2];
        out[0] = '[';
        System.arraycopy(inner, 0, out, 1, inner.length);
        out[inner.length + 1] = ']';
        return out;
    }

    // The compatibility salt prefixes over the key bytes that follow them, each restating in a few lines of Java the
    // arithmetic of the project it is named after, so the JDK's own int overflow, Math.abs and % give the bytes:
    //   Apache Phoenix  phoenix-core/src/main/java/org/apache/phoenix/schema/SaltingUtil.java getSaltingByte:
    //                   (byte) Math.abs(hash % bucketNum), hash = 31*h + b over the bytes after the salt, from h = 1
    //   HBaseWD         src/main/java/com/sematext/hbase/wd/RowKeyDistributorByHashPrefix.java
    //                   OneByteSimpleHash.getHashPrefix: long hash = Math.abs(hashBytes(key)); (byte) (hash % mod)
    //   OpenTSDB 2.x    src/core/RowKey.java prefixKeyWithSalt + getSaltBytes: Arrays.hashCode(metric + tags) %
    //                   SALT_BUCKETS, negated when negative, big-endian into SALT_WIDTH bytes (a row whose metric
    //                   UID is all zero, the global annotation row, is left unsalted)
    // The bytes that follow are template literals (\xNN), so each vector has an empty record and decodes to {}.
    static List<String> compatPrefixes() {
        List<byte[]> inputs = new ArrayList<>();
        inputs.add(new byte[0]);
        inputs.add(seq(-106, 0, -10, 0, 19, -2)); // Arrays.hashCode is Integer.MIN_VALUE (Phoenix SaltingUtilTest edge case)
        inputs.add("tenant1\u0000id42".getBytes(StandardCharsets.UTF_8));
        inputs.add("caf\u00e9-\u6771\u4eac".getBytes(StandardCharsets.UTF_8));
        inputs.add("\uD83D\uDE00 sensor".getBytes(StandardCharsets.UTF_8));
        inputs.add(seq(0xff, 0xff, 0xff, 0xff));
        inputs.add(seq(0x7f, 0x80, 0x00, 0x01));
        inputs.add("device-000017".getBytes(StandardCharsets.UTF_8));
        inputs.add(seq(0, 0, 0, 42));
        inputs.add(seq(0, 0, 1, 0, 0, 1, 0, 0, 1));
        if (Arrays.hashCode(inputs.get(1)) != Integer.MIN_VALUE) throw new AssertionError("expected Integer.MIN_VALUE");
        int[] bucketCounts = { 1, 2, 3, 7, 10, 16, 20, 32, 37, 100, 255, 256 };
        List<String> rows = new ArrayList<>();
        for (byte[] in : inputs) for (int n : bucketCounts) {
            int h = Arrays.hashCode(in);
            rows.add(vector("{phoenixSalt(" + n + ")}" + escaped(in), "{}", prefixed(new byte[] { (byte) Math.abs(h % n) }, in), "{}"));
            long wd = Math.abs(h);
            rows.add(vector("{hbasewd(" + n + ")}" + escaped(in), "{}", prefixed(new byte[] { (byte) (wd % n) }, in), "{}"));
        }
        // OpenTSDB: the input is the series (metric UID + tags); the row puts a 4-byte base time after the 3-byte metric.
        int[][] wide = { { 20, 1 }, { 100, 1 }, { 20, 2 }, { 1000, 2 }, { 70000, 3 }, { 70000, 4 }, { 3, 3 }, { 100, 8 } };
        byte[] baseTime = seq(0x65, 0xea, 0x0b, 0x00);
        for (byte[] in : inputs) {
            if (in.length < 3) continue;
            byte[] row = new byte[in.length + 4];
            System.arraycopy(in, 0, row, 0, 3);
            System.arraycopy(baseTime, 0, row, 3, 4);
            System.arraycopy(in, 3, row, 7, in.length - 3);
            boolean annotation = in[0] == 0 && in[1] == 0 && in[2] == 0;
            for (int[] w : wide) {
                int modulo = Arrays.hashCode(in) % w[0];
                if (modulo < 0) modulo = modulo * -1;
                byte[] salt = new byte[w[1]];
                int shift = 0;
                for (int i = 1; i <= w[1]; i++) {
                    salt[w[1] - i] = annotation ? 0 : (byte) (modulo >>> shift);
                    shift += 8;
                }
                rows.add(vector("{opentsdbSalt(" + w[0] + "," + w[1] + ")}" + escaped(row), "{}", prefixed(salt, row), "{}"));
            }
        }
        return rows;
    }

    // Inputs both implementations must refuse, with the error code (and field) each must give: a template that does
    // not compile, a record that does not encode, or a key that does not decode. Where the refusal mirrors a Java
    // behaviour, the JDK shows it here (a long division by zero throws, a salt key is recomputed).
    static List<String> errors() {
        List<String> rows = new ArrayList<>();
        String[][] compile = {
            { "", "TEMPLATE_EMPTY_KEY" }, { "a_{id", "TEMPLATE_SYNTAX" }, { "a}b", "TEMPLATE_SYNTAX" }, { "{}", "TEMPLATE_SYNTAX" },
            { "x\\q{id}", "TEMPLATE_SYNTAX" }, { "{salt(id 16)}", "TEMPLATE_SYNTAX" }, { "{concat(a,\"b)}", "TEMPLATE_SYNTAX" },
            { "{pad((ts + 1, 5)}", "TEMPLATE_SYNTAX" }, { "{9007199254740992}", "TEMPLATE_SYNTAX" },
            { "{id}_{slat(id,16)}", "TEMPLATE_UNKNOWN_FUNCTION" }, { "{salt(id)}", "TEMPLATE_ARITY" }, { "{sha256(a, b)}", "TEMPLATE_ARITY" },
            { "{opentsdbSalt(20,1,3)}", "TEMPLATE_ARITY" }, { "{salt(id,0)}", "TEMPLATE_ARGUMENT" }, { "{md5(id,33)}", "TEMPLATE_ARGUMENT" },
            { "{salt(id,1000,\"%02d\")}", "TEMPLATE_ARGUMENT" }, { "{salt(id,16,\"%2d\")}", "TEMPLATE_ARGUMENT" },
            { "{salt(id,16,\"%X\")}", "TEMPLATE_ARGUMENT" }, { "{salt(id,16,4)}", "TEMPLATE_ARGUMENT" }, { "{salt(id,\"16\")}", "TEMPLATE_ARGUMENT" },
            { "{reverseTs(concat(a,b))}", "TEMPLATE_ARGUMENT" }, { "{salt(long(ts),16)}", "TEMPLATE_ARGUMENT" }, { "{salt(16,16)}", "TEMPLATE_ARGUMENT" },
            { "{5}", "TEMPLATE_ARGUMENT" }, { "{date(t,\"yyyyMMdd hh\")}", "TEMPLATE_ARGUMENT" }, { "{date(t,\"yyyy'T\")}", "TEMPLATE_ARGUMENT" },
            { "{date(t,\"\")}", "TEMPLATE_ARGUMENT" }, { "{date(ts,\"yyyyMMdd\",\"Mars/Olympus\")}", "TEMPLATE_ARGUMENT" },
            // TimeZone.getTimeZone knows neither: it would silently use GMT.
            { "{date(ts,\"yyyyMMdd\",\"+05:30\")}", "TEMPLATE_ARGUMENT" }, { "{date(ts,\"yyyyMMdd\",\"Z\")}", "TEMPLATE_ARGUMENT" },
            { "{int(x,9)}", "TEMPLATE_ARGUMENT" }, { "{int(x,0)}", "TEMPLATE_ARGUMENT" }, { "{phoenixBigint(x,\"desc\")}", "TEMPLATE_ARGUMENT" },
            { "{padBytes(x,4,255)}", "TEMPLATE_ARGUMENT" }, { "{pad(ts,32768)}", "TEMPLATE_ARGUMENT" }, { "{long(ts * \"a\")}", "TEMPLATE_ARGUMENT" },
            { "{phoenixSalt(300)}", "TEMPLATE_ARGUMENT" }, { "{opentsdbSalt(20,1,9,4)}", "TEMPLATE_ARGUMENT" },
            { "{opentsdbSalt(70000,2)}", "COMPAT_BUCKETS_INVALID" },
            { "{" + "concat(".repeat(33) + "x" + ")".repeat(33) + "}", "TEMPLATE_TOO_DEEP" },
            { "{x" + " + 1".repeat(257) + "}", "TEMPLATE_TOO_DEEP" },
            { "{a}-".repeat(129), "TEMPLATE_TOO_MANY_PARTS" },
        };
        for (String[] c : compile) rows.add(obj("template", str(c[0]), "stage", str("compile"), "error", str(c[1])));

        try {
            long n = 0;
            System.out.println(5 / n);
            throw new AssertionError("5 / 0 has a value");
        } catch (ArithmeticException expected) {
            // Java has no value for a long division by zero: TEMPLATE_VALUE_RANGE below.
        }
        String[][] encode = {
            { "{a}_{b}", "a", "x", "TEMPLATE_FIELD_MISSING", "b" }, { "{a}", "a", "", "TEMPLATE_EMPTY_KEY", "a" },
            { "k{pad(n,3)}", "n", "1000", "TEMPLATE_WIDTH_OVERFLOW", "n" }, { "k{pad(n,3)}", "n", "-1", "TEMPLATE_VALUE_RANGE", "n" },
            { "k{reverseTs(t)}", "t", "12a", "TEMPLATE_FIELD_TYPE", "t" }, { "k{reverseTs(t)}", "t", "1.5", "TEMPLATE_FIELD_TYPE", "t" },
            { "k{reverseTs(t)}", "t", "-5", "TEMPLATE_VALUE_RANGE", "t" }, { "k{reverseLong(t)}", "t", "-1", "TEMPLATE_VALUE_RANGE", "t" },
            { "k{long(t)}", "t", "9223372036854775808", "TEMPLATE_VALUE_RANGE", "t" },
            { "k{long(t)}", "t", "-9223372036854775809", "TEMPLATE_VALUE_RANGE", "t" },
            { "k{date(t,\"yyyy\")}", "t", "-1", "TEMPLATE_VALUE_RANGE", "t" },
            { "k{date(t,\"yyyy\")}", "t", "253402300800000", "TEMPLATE_VALUE_RANGE", "t" },
            { "{int(x,1)}", "x", "128", "TEMPLATE_VALUE_RANGE", "x" }, { "{int(x,1)}", "x", "-129", "TEMPLATE_VALUE_RANGE", "x" },
            { "{uint(x,3)}", "x", "16777216", "TEMPLATE_VALUE_RANGE", "x" }, { "{uint(x,8)}", "x", "-1", "TEMPLATE_VALUE_RANGE", "x" },
            { "{phoenixInteger(x)}", "x", "2147483648", "TEMPLATE_VALUE_RANGE", "x" },
            { "{padBytes(x,4,0)}", "x", "caf\u00e9!", "TEMPLATE_WIDTH_OVERFLOW", "x" },
            { "{long(ts / 1000)}", "ts", "x", "TEMPLATE_FIELD_TYPE", "ts" },
        };
        for (String[] c : encode)
            rows.add(obj("template", str(c[0]), "stage", str("encode"), "record", rec(c[1], str(c[2])), "error", str(c[3]), "field", str(c[4])));
        rows.add(obj("template", str("k{pad(ts / n, 5)}"), "stage", str("encode"), "record", rec("ts", str("5"), "n", str("0")),
            "error", str("TEMPLATE_VALUE_RANGE"), "field", str("ts")));

        // "mem_used_d1" as metric "mem_used", device "d1" or metric "mem", device "used_d1": the same bytes.
        String ambiguous = String.format("%02x", Math.abs("mem_used_d1".hashCode() % 32)) + "_mem_used_d1_" + String.format("%019d", Long.MAX_VALUE - 1709856000000L);
        // "sensor001" salts to 07 with 16 buckets, so a key starting 0f was not written by the template.
        String wrongSalt = (String.format("%02x", Math.abs("sensor001".hashCode() % 16)).equals("07") ? "0f" : "07") + "_sensor001";
        String[][] decode = {
            { "{salt(concat(metric,\"_\",device),32)}_{metric}_{device}_{reverseTs(ts)}", hex(ambiguous.getBytes(StandardCharsets.UTF_8)), "KEY_DECODE_AMBIGUOUS", "metric" },
            { "{salt(id,16)}_{id}", hex(wrongSalt.getBytes(StandardCharsets.UTF_8)), "KEY_DECODE", "id" },
            { "{id}_{reverseTs(ts)}", hex("abc_123".getBytes(StandardCharsets.UTF_8)), "KEY_DECODE", null },
            { "{id}_{reverseTs(ts)}", hex("abc".getBytes(StandardCharsets.UTF_8)), "KEY_DECODE", null },
            { "{sha256(email)}_{ts}", "78", "TEMPLATE_NOT_DECODABLE", null },
            { "{a}{b}", "78", "TEMPLATE_NOT_DECODABLE", null },
            // 2026-03-08 02:30 does not exist in New York: clocks jump from 02:00 to 03:00.
            { "{date(ts,\"yyyyMMddHHmmssSSS\",\"America/New_York\")}", hex("20260308023000000".getBytes(StandardCharsets.UTF_8)), "KEY_DECODE", "ts" },
            { "{date(ts,\"yyyyMMddHHmmssSSS\")}", hex("20261399000000000".getBytes(StandardCharsets.UTF_8)), "KEY_DECODE", "ts" },
            { "{uint(x,8)}", "ffffffffffffffff", "KEY_DECODE", "x" },
            { "{reverseLong(x)}", "8000000000000000", "KEY_DECODE", "x" },
            { "{reverseTs(t)}", hex("9999999999999999999".getBytes(StandardCharsets.UTF_8)), "KEY_DECODE", "t" },
            { "{pad(x,20)}", hex("99999999999999999999".getBytes(StandardCharsets.UTF_8)), "KEY_DECODE", "x" },
            { "[{x}]", "5bff5d", "KEY_DECODE", "x" },
            { "{long(x)}", "0000", "KEY_DECODE", null },
        };
        for (String[] c : decode) {
            if (c[3] == null) rows.add(obj("template", str(c[0]), "stage", str("decode"), "key", str(c[1]), "error", str(c[2])));
            else rows.add(obj("template", str(c[0]), "stage", str("decode"), "key", str(c[1]), "error", str(c[2]), "field", str(c[3])));
        }
        return rows;
    }

    static byte[] seq(int... v) {
        byte[] out = new byte[v.length];
        for (int i = 0; i < v.length; i++) out[i] = (byte) v[i];
        return out;
    }

    static byte[] prefixed(byte[] prefix, byte[] rest) {
        byte[] out = Arrays.copyOf(prefix, prefix.length + rest.length);
        System.arraycopy(rest, 0, out, prefix.length, rest.length);
        return out;
    }

    // Bytes as template literal text: \xNN for each byte.
    static String escaped(byte[] bytes) {
        StringBuilder sb = new StringBuilder();
        for (byte b : bytes) sb.append(String.format("\\x%02X", b & 0xff));
        return sb.toString();
    }

    // The template functions of the second vector file (test/golden/functions.json); see the header.
    static final String[] FN_TEXTS = { "", "a", "sensor001", "20260308_sensor001", "caf\u00e9", "\ud83d\ude00", "www.google.com",
        "polygenelubricants", "device-\u00fc-42", "tenant-7" };
    static final long[] LONGS = { 0L, 1L, -1L, 2L, 127L, -128L, 128L, 255L, 256L, -129L, 32767L, -32768L, 65535L, 65536L,
        8388607L, -8388608L, 16777215L, 16777216L, 2147483647L, -2147483648L, 4294967295L, 4294967296L,
        1709856000L, 1709856000000L, -1709856000000L, 9007199254740993L, Long.MAX_VALUE, Long.MIN_VALUE };

    static List<String> functions() throws Exception {
        List<String> out = new ArrayList<>();

        // salt(x, N, "%0Wd" | "%0Wx"): the width always covers N-1, so every bucket has the same width.
        List<String> rows = new ArrayList<>();
        Object[][] saltFormats = { { 10, "%02d" }, { 100, "%02d" }, { 64, "%03d" }, { 1000, "%04d" }, { 16, "%02x" },
            { 256, "%02x" }, { 4096, "%03x" }, { 7, "%d" }, { 16, "%x" }, { 8, "%05d" } };
        for (String s : FN_TEXTS) for (Object[] f : saltFormats) {
            int n = (Integer) f[0];
            String fmt = (String) f[1];
            String key = String.format(fmt, Math.abs(s.hashCode() % n)) + ":";
            rows.add(vector("{salt(x," + n + ",\"" + fmt + "\")}:", rec("x", str(s)), key.getBytes(StandardCharsets.UTF_8)));
        }
        out.add(field("saltFormat", arr(rows)));

        // int(x, n) / uint(x, n): the last n bytes of the big-endian long, for values that fit in n bytes.
        rows = new ArrayList<>();
        for (long v : LONGS) for (int n = 1; n <= 8; n++) {
            byte[] full = ByteBuffer.allocate(8).putLong(v).array();
            byte[] tail = Arrays.copyOfRange(full, 8 - n, 8);
            long min = n == 8 ? Long.MIN_VALUE : -(1L << (8 * n - 1));
            long max = n == 8 ? Long.MAX_VALUE : (1L << (8 * n - 1)) - 1;
            if (v >= min && v <= max) rows.add(vector("{int(x," + n + ")}", rec("x", str(Long.toString(v))), tail, rec("x", str(Long.toString(v)))));
            long umax = n == 8 ? Long.MAX_VALUE : (1L << (8 * n)) - 1;
            if (v >= 0 && v <= umax) rows.add(vector("{uint(x," + n + ")}", rec("x", str(Long.toString(v))), tail, rec("x", str(Long.toString(v)))));
        }
        out.add(field("ints", arr(rows)));

        // Phoenix BIGINT, INTEGER, SMALLINT, TINYINT: big-endian two's complement with the sign bit flipped.
        rows = new ArrayList<>();
        for (long v : LONGS) {
            String x = rec("x", str(Long.toString(v)));
            rows.add(vector("{phoenixBigint(x)}", rec("x", str(Long.toString(v))), ByteBuffer.allocate(8).putLong(v ^ Long.MIN_VALUE).array(), x));
            if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE)
                rows.add(vector("{phoenixInteger(x)}", rec("x", str(Long.toString(v))), ByteBuffer.allocate(4).putInt((int) v ^ Integer.MIN_VALUE).array(), x));
            if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE)
                rows.add(vector("{phoenixSmallint(x)}", rec("x", str(Long.toString(v))), ByteBuffer.allocate(2).putShort((short) (v ^ 0x8000)).array(), x));
            if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE)
                rows.add(vector("{phoenixTinyint(x)}", rec("x", str(Long.toString(v))), new byte[] { (byte) (v ^ 0x80) }, x));
        }
        out.add(field("phoenixInts", arr(rows)));

        // Phoenix DESC: every byte of the ascending encoding inverted (SortOrder.invert, b ^ 0xFF).
        for (long v : LONGS) {
            String x = rec("x", str(Long.toString(v)));
            byte[] asc = ByteBuffer.allocate(8).putLong(v ^ Long.MIN_VALUE).array();
            for (int i = 0; i < 8; i++) asc[i] = (byte) (asc[i] ^ 0xff);
            rows.add(vector("{phoenixBigint(x,\"DESC\")}", rec("x", str(Long.toString(v))), asc, x));
            if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
                byte[] a4 = ByteBuffer.allocate(4).putInt((int) v ^ Integer.MIN_VALUE).array();
                for (int i = 0; i < 4; i++) a4[i] = (byte) (a4[i] ^ 0xff);
                rows.add(vector("{phoenixInteger(x,\"DESC\")}", rec("x", str(Long.toString(v))), a4, x));
            }
        }
        out.set(out.size() - 1, field("phoenixInts", arr(rows)));

        // Whole row keys. OpenTSDB: salt byte (|Arrays.hashCode(metric + tags) % N|), 3-byte metric UID, 4-byte base
        // hour in seconds, 3-byte tag key and value UIDs. Phoenix: a table with SALT_BUCKETS = 8 and the primary key
        // (tenant VARCHAR, id BIGINT DESC): salt byte over the rest, tenant's UTF-8, the \x00 separator, id inverted.
        rows = new ArrayList<>();
        long[][] series = { { 1, 1709856000123L, 1, 1 }, { 7, 1709859599999L, 2, 300 }, { 16777215, 1356998400000L, 65536, 16777215 },
            { 42, 1709856000000L, 3, 5 } };
        for (long[] r : series) {
            ByteBuffer b = ByteBuffer.allocate(13);
            b.put(Arrays.copyOfRange(ByteBuffer.allocate(4).putInt((int) r[0]).array(), 1, 4));
            b.putInt((int) ((r[1] / 1000) - ((r[1] / 1000) % 3600)));
            b.put(Arrays.copyOfRange(ByteBuffer.allocate(4).putInt((int) r[2]).array(), 1, 4));
            b.put(Arrays.copyOfRange(ByteBuffer.allocate(4).putInt((int) r[3]).array(), 1, 4));
            byte[] row = b.array();
            byte[] saltBase = new byte[9];
            System.arraycopy(row, 0, saltBase, 0, 3);
            System.arraycopy(row, 7, saltBase, 3, 6);
            int modulo = Math.abs(Arrays.hashCode(saltBase) % 20);
            byte[] key = new byte[14];
            key[0] = (byte) modulo;
            System.arraycopy(row, 0, key, 1, 13);
            rows.add(vector("{opentsdbSalt(20,1)}{uint(metric,3)}{uint(ts / 3600000 * 3600, 4)}{uint(tagk,3)}{uint(tagv,3)}",
                rec("metric", str(Long.toString(r[0])), "ts", str(Long.toString(r[1])), "tagk", str(Long.toString(r[2])), "tagv", str(Long.toString(r[3]))), key));
        }
        String[] tenants = { "acme", "caf\u00e9", "t-000042", "" };
        long[] ids = { 1L, -1L, 1709856000000L, Long.MAX_VALUE };
        for (int i = 0; i < tenants.length; i++) {
            byte[] tenant = tenants[i].getBytes(StandardCharsets.UTF_8);
            byte[] id = ByteBuffer.allocate(8).putLong(ids[i] ^ Long.MIN_VALUE).array();
            for (int j = 0; j < 8; j++) id[j] = (byte) (id[j] ^ 0xff);
            byte[] rest = new byte[tenant.length + 1 + 8];
            System.arraycopy(tenant, 0, rest, 0, tenant.length);
            System.arraycopy(id, 0, rest, tenant.length + 1, 8);
            int h = 1;
            for (byte x : rest) h = 31 * h + x;
            byte[] key = new byte[rest.length + 1];
            key[0] = (byte) Math.abs(h % 8);
            System.arraycopy(rest, 0, key, 1, rest.length);
            String record = rec("tenant", str(tenants[i]), "id", str(Long.toString(ids[i])));
            rows.add(vector("{phoenixSalt(8)}{tenant}\\x00{phoenixBigint(id,\"DESC\")}", record, key, record));
        }
        out.add(field("systemKeys", arr(rows)));

        // padBytes(x, width, fill): x's UTF-8 bytes, then the fill byte up to width (Arrays.copyOf for fill 0).
        rows = new ArrayList<>();
        for (String s : FN_TEXTS) for (int[] wf : new int[][] { { 16, 0 }, { 20, 32 }, { 18, 0 }, { 4, 95 } }) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            if (b.length > wf[0]) continue;
            byte[] key = wf[1] == 0 ? Arrays.copyOf(b, wf[0]) : new byte[wf[0]];
            if (wf[1] != 0) {
                Arrays.fill(key, (byte) wf[1]);
                System.arraycopy(b, 0, key, 0, b.length);
            }
            // Decoding drops the trailing fill bytes, as any reader of such keys does.
            String back = s;
            while (!back.isEmpty() && back.charAt(back.length() - 1) == (char) wf[1]) back = back.substring(0, back.length() - 1);
            rows.add(vector("{padBytes(x," + wf[0] + "," + wf[1] + ")}", rec("x", str(s)), key, rec("x", str(back))));
        }
        // A value ending with the fill byte decodes whole when another part of the key writes it whole.
        for (String[] sf : new String[][] { { "ab ", "32" }, { "ab", "32" }, { "x\u0000", "0" }, { "caf\u00e9 ", "32" } }) {
            byte[] b = sf[0].getBytes(StandardCharsets.UTF_8);
            byte[] key = new byte[8 + 1 + b.length];
            Arrays.fill(key, 0, 8, (byte) Integer.parseInt(sf[1]));
            System.arraycopy(b, 0, key, 0, b.length);
            key[8] = 1;
            System.arraycopy(b, 0, key, 9, b.length);
            rows.add(vector("{padBytes(x,8," + sf[1] + ")}\\x01{x}", rec("x", str(sf[0])), key, rec("x", str(sf[0]))));
        }
        out.add(field("padBytes", arr(rows)));

        // Arithmetic on longs: Java's wrap-around, truncating division and remainder with the dividend's sign.
        rows = new ArrayList<>();
        String[] exprs = { "ts / 3600000 * 3600", "ts % 5", "ts - ts % 5", "ts / 1000", "ts * 1000 + 999", "(ts + 7) / -3",
            "ts % -7", "100 - ts * 2", "ts / 60000 % 1440" };
        LongUnaryOperator[] ops = { t -> t / 3600000 * 3600, t -> t % 5, t -> t - t % 5, t -> t / 1000, t -> t * 1000 + 999,
            t -> (t + 7) / -3, t -> t % -7, t -> 100 - t * 2, t -> t / 60000 % 1440 };
        long[] tss = { 0L, 1L, -1L, 4L, -4L, 6L, -6L, 3599999L, 3600000L, -3600001L, 1709856000123L, -1709856000123L,
            9007199254740993L, Long.MAX_VALUE, Long.MIN_VALUE };
        for (long t : tss) for (int i = 0; i < exprs.length; i++) {
            long v = ops[i].applyAsLong(t);
            rows.add(vector("{" + exprs[i] + "}", rec("ts", str(Long.toString(t))), Long.toString(v).getBytes(StandardCharsets.UTF_8)));
            rows.add(vector("{long(" + exprs[i] + ")}", rec("ts", str(Long.toString(t))), ByteBuffer.allocate(8).putLong(v).array()));
        }
        // The OpenTSDB base hour in seconds, as 4 bytes: (ts / 1000) - ((ts / 1000) % 3600).
        for (long t : new long[] { 1709856000123L, 1709859599999L, 1356998400000L })
            rows.add(vector("{uint(ts / 3600000 * 3600, 4)}", rec("ts", str(Long.toString(t))),
                ByteBuffer.allocate(4).putInt((int) ((t / 1000) - ((t / 1000) % 3600))).array()));
        out.add(field("arithmetic", arr(rows)));

        // pad(x, W) at any width: String.format("%0Wd", x).
        rows = new ArrayList<>();
        for (long v : new long[] { 0L, 7L, 1709856000000L, 9007199254740993L, Long.MAX_VALUE })
            for (int w : new int[] { 19, 20, 25, 40 })
                rows.add(vector("{pad(x," + w + ")}", rec("x", str(Long.toString(v))), String.format("%0" + w + "d", v).getBytes(StandardCharsets.UTF_8),
                    rec("x", str(Long.toString(v)))));
        out.add(field("padWide", arr(rows)));

        // date(t, pattern, zone): SimpleDateFormat with TimeZone.getTimeZone(zone), around the zone's DST transitions
        // of 2026 (found by java.time), with the JDK's parse of each formatted text (what decoding must give back).
        rows = new ArrayList<>();
        String[] zones = { "America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata", "Asia/Kathmandu", "UTC",
            "America/Sao_Paulo", "EST" };
        String[] patterns = { "yyyyMMddHHmmssSSS", "yyyyMMddHHmmss", "yyyy-MM-dd HH:mm" };
        long[] offsets = { -3600001L, -3600000L, -1800000L, -1L, 0L, 1L, 1800000L, 3599999L, 3600000L, 5400000L };
        for (String zone : zones) {
            List<Long> times = new ArrayList<>(List.of(0L, 1709856000123L, 1767225599999L));
            ZoneRules rules = TimeZone.getTimeZone(zone).toZoneId().getRules();
            ZoneOffsetTransition tr = rules.nextTransition(Instant.parse("2026-01-01T00:00:00Z"));
            for (int k = 0; k < 2 && tr != null && tr.getInstant().isBefore(Instant.parse("2027-01-01T00:00:00Z")); k++) {
                long at = tr.getInstant().toEpochMilli();
                for (long d : offsets) times.add(at + d);
                tr = rules.nextTransition(tr.getInstant());
            }
            for (String pattern : patterns) for (long t : times) {
                SimpleDateFormat f = new SimpleDateFormat(pattern);
                f.setTimeZone(TimeZone.getTimeZone(zone));
                String text = f.format(new Date(t));
                String template = "{date(ts,\"" + pattern + "\",\"" + zone + "\")}";
                byte[] key = text.getBytes(StandardCharsets.UTF_8);
                // A full-precision date decodes to what SimpleDateFormat.parse gives (the later time in a repeated hour).
                if (pattern.endsWith("SSS")) rows.add(vector(template, rec("ts", str(Long.toString(t))), key, rec("ts", str(Long.toString(f.parse(text).getTime())))));
                else rows.add(vector(template, rec("ts", str(Long.toString(t))), key));
            }
        }
        out.add(field("dateZone", arr(rows)));
        return out;
    }

    static String vector(String template, String record, byte[] key) {
        return obj("template", str(template), "record", record, "key", str(hex(key)));
    }

    // A vector whose key decodes: "decoded" is the record a reader gets back (text as is, longs in decimal).
    static String vector(String template, String record, byte[] key, String decoded) {
        return obj("template", str(template), "record", record, "key", str(hex(key)), "decoded", decoded);
    }

    static String rec(String... kv) {
        return obj(kv);
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
