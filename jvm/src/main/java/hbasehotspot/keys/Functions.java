package hbasehotspot.keys;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.MD5Hash;

/**
 * The template functions, one descriptor each, as src/keys/functions/ has them: the same names, arguments, limits,
 * bytes and inverses. Text is written with {@link Bytes#toBytes(String)} ({@code getBytes(UTF_8)}), binary integers
 * with {@link Bytes#toBytes(long)}, MD5 with {@link MD5Hash}.
 */
final class Functions {
  private Functions() {}

  /** What an argument must be: a text expression, a field (or arithmetic) read as a long, an integer or a string literal. */
  enum ArgKind { TEXT, FIELD, INT, STRING }

  /** One declared argument. */
  record ArgSpec(String name, ArgKind kind, long min, long max) {
    static ArgSpec of(String name, ArgKind kind) {
      return new ArgSpec(name, kind, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    static ArgSpec range(String name, long min, long max) {
      return new ArgSpec(name, ArgKind.INT, min, max);
    }

    boolean bounded() {
      return min != Long.MIN_VALUE || max != Long.MAX_VALUE;
    }
  }

  /** A long-valued argument: a field, an integer, or Java long arithmetic over them. */
  static final class LongExpr {
    final String source;
    final int position;
    final List<String> inputs;
    /** Set when the argument is exactly one field. */
    final String field;
    final ToLongFunction<Map<String, ?>> read;

    LongExpr(String source, int position, List<String> inputs, String field, ToLongFunction<Map<String, ?>> read) {
      this.source = source;
      this.position = position;
      this.inputs = inputs;
      this.field = field;
      this.read = read;
    }

    String name() {
      return field != null ? field : source;
    }
  }

  /** Writes a part's bytes. */
  interface Writer {
    void write(Map<String, ?> record, KeyBuffer out);
  }

  /** Gives a field back from a part's bytes: a Long or String value, or a {@link Failure} saying why not. */
  interface Recover {
    Object read(byte[] key, int from, int to);
  }

  /** Why bytes are not a value of a part. */
  record Failure(String why) {}

  /** A field value read back without trailing fill bytes it may have had (padBytes); see {@link Call#recoverText}. */
  record Trimmed(Object value) {}

  /** Computes a part over the key bytes that follow it, in place. */
  interface Fill {
    void fill(byte[] key, int at, int end);
  }

  /** A compiled call or text expression: what the compiler and decoder need. */
  static final class Call {
    List<String> inputs = List.of();
    Integer fixedWidth;
    /** hex, decimal, text or binary. */
    String alphabet = "text";
    /** Text-valued expressions: the text (a Java String). Null for raw-byte calls. */
    Function<Map<String, ?>, String> text;
    Writer write;
    /** Set when the expression is exactly one field's text. */
    String field;
    /**
     * Text that gives back one field's text: returns {field, text}, or {field, text, "trimmed"} when trailing fill
     * bytes were dropped that may have belonged to the value (padBytes); the decoder then prefers a part giving it whole.
     */
    Function<String, String[]> recoverText;
    String recoverField;
    Recover recover;
    Fill fill;
    Integer buckets;
    /** The expression's source text. */
    String source = "";
  }

  /** The call being compiled. */
  static final class Site {
    final String name;
    final String source;
    final int position;
    final List<Object> args;

    Site(String name, String source, int position, List<Object> args) {
      this.name = name;
      this.source = source;
      this.position = position;
      this.args = args;
    }

    Values.Site site() {
      return new Values.Site(source, position);
    }

    String where() {
      return source + " at template position " + position;
    }

    Call text(int i) {
      return (Call) args.get(i);
    }

    LongExpr longArg(int i) {
      return (LongExpr) args.get(i);
    }

    int intArg(int i) {
      return (int) (long) (Long) args.get(i);
    }

    String string(int i) {
      return (String) args.get(i);
    }

    boolean has(int i) {
      return i < args.size();
    }
  }

  /** One function a template may call: its name, part kind, arguments, whether it writes text, whether it is one-way. */
  record Descriptor(String name, String kind, List<ArgSpec> args, int minArgs, ArgKind variadic, boolean textOutput, boolean oneWay,
      Function<Site, Call> compile) {}

  // ---------------------------------------------------------------- helpers

  private static TemplateException argument(Site s, String message) {
    return new TemplateException("TEMPLATE_ARGUMENT", s.where() + ": " + message);
  }

  static int hexDigits(long v) {
    return Math.max(1, Long.toHexString(v).length());
  }

  static int decimalDigits(long v) {
    return Math.max(1, Long.toString(v).length());
  }

  static String padLeft(String s, int width) {
    if (s.length() >= width) return s;
    StringBuilder sb = new StringBuilder(width);
    for (int i = s.length(); i < width; i++) sb.append('0');
    return sb.append(s).toString();
  }

  private static void writeText(Call c, Map<String, ?> r, KeyBuffer out) {
    out.write(Bytes.toBytes(c.text.apply(r)));
  }

  /** A text call from its text function; its bytes are the text's UTF-8. */
  private static Call textCall(List<String> inputs, Integer width, String alphabet, Function<Map<String, ?>, String> text) {
    Call c = new Call();
    c.inputs = inputs;
    c.fixedWidth = width;
    c.alphabet = alphabet;
    c.text = text;
    c.write = (r, out) -> writeText(c, r, out);
    return c;
  }

  /** The order-free numeric inverse of a long argument that is a plain field; arithmetic cannot be inverted. */
  private static void recoverable(Call c, LongExpr x, Recover read) {
    if (x.field == null) return;
    c.recoverField = x.field;
    c.recover = read;
  }

  private static Object readDigits(byte[] key, int from, int to) {
    if (to - from < 1) return new Failure("no digits");
    for (int i = from; i < to; i++) {
      if (key[i] < '0' || key[i] > '9') return new Failure("byte " + i + " is not a decimal digit");
    }
    return new BigInteger(new String(key, from, to - from, StandardCharsets.US_ASCII));
  }

  private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);
  private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);

  private static Object asLong(BigInteger v) {
    if (v.compareTo(LONG_MIN) < 0 || v.compareTo(LONG_MAX) > 0) return new Failure(v + " is beyond a Java long");
    return v.longValue();
  }

  // ---------------------------------------------------------------- text: concat, reverse

  /** {@code concat(a, "lit", b, ...)}: the pieces' text joined. */
  static Call concat(List<Call> pieces) {
    LinkedHashSet<String> inputs = new LinkedHashSet<>();
    Integer width = 0;
    String alphabet = pieces.isEmpty() ? "text" : pieces.get(0).alphabet;
    for (Call p : pieces) {
      inputs.addAll(p.inputs);
      width = width == null || p.fixedWidth == null ? null : width + p.fixedWidth;
      if (!p.alphabet.equals(alphabet)) alphabet = "text";
    }
    return textCall(List.copyOf(inputs), width, alphabet, r -> {
      StringBuilder sb = new StringBuilder();
      for (Call p : pieces) sb.append(p.text.apply(r));
      return sb.toString();
    });
  }

  private static String reverse(String s) {
    return new StringBuilder(s).reverse().toString();
  }

  private static Call reverseCall(Site s) {
    Call x = s.text(0);
    Call c = textCall(x.inputs, x.fixedWidth, x.alphabet, r -> reverse(x.text.apply(r)));
    if (x.recoverText != null) c.recoverText = t -> x.recoverText.apply(reverse(t));
    return c;
  }

  // ---------------------------------------------------------------- salt, bucket

  private static final Pattern SALT_FORMAT = Pattern.compile("%(?:0([1-9][0-9]?))?([dx])");

  private static Call hashBucket(Site s, int defaultRadix) {
    Call x = s.text(0);
    int n = s.intArg(1);
    int radix = defaultRadix;
    int width = radix == 16 ? (n <= 256 ? 2 : hexDigits(n - 1)) : (n <= 10_000 ? 4 : decimalDigits(n - 1));
    if (s.has(2)) {
      String format = s.string(2);
      Matcher m = SALT_FORMAT.matcher(format);
      if (!m.matches()) throw argument(s, "salt format \"" + format + "\" is not one of \"%0Wd\", \"%0Wx\", \"%d\", \"%x\" (W a width of 1 to 99)");
      radix = m.group(2).equals("x") ? 16 : 10;
      width = m.group(1) == null ? 1 : Integer.parseInt(m.group(1));
      int need = radix == 16 ? hexDigits(n - 1) : decimalDigits(n - 1);
      if (width < need) {
        throw argument(s, "salt format \"" + format + "\" is narrower than bucket " + (n - 1) + ", which needs " + need
            + " digits; Java would write salts of mixed widths; use \"%0" + need + m.group(2) + "\"");
      }
    }
    final int fRadix = radix;
    final int fWidth = width;
    Call c = textCall(x.inputs, width, radix == 16 ? "hex" : "decimal",
        r -> padLeft(Integer.toString(Math.abs(x.text.apply(r).hashCode() % n), fRadix), fWidth));
    c.write = (r, out) -> out.ascii(c.text.apply(r));
    c.buckets = n;
    return c;
  }

  // ---------------------------------------------------------------- md5, sha256

  private static Call digest(Site s, boolean md5, int chars) {
    Call x = s.text(0);
    Call c = textCall(x.inputs, chars, "hex", r -> {
      byte[] in = Bytes.toBytes(x.text.apply(r));
      if (md5) return MD5Hash.getMD5AsHex(in).substring(0, chars);
      try {
        return Bytes.toHex(MessageDigest.getInstance("SHA-256").digest(in));
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException("the JDK has no SHA-256", e);
      }
    });
    c.write = (r, out) -> out.ascii(c.text.apply(r));
    return c;
  }

  // ---------------------------------------------------------------- pad, reverseTs

  private static Call pad(Site s) {
    LongExpr x = s.longArg(0);
    int width = s.intArg(1);
    String field = x.name();
    Call c = textCall(x.inputs, width, "decimal", r -> {
      long v = x.read.applyAsLong(r);
      if (v < 0) throw Values.rangeError(s.site(), field, v, "is negative; pad() writes non-negative integers only (a \"-\" would break the key order)");
      String digits = Long.toString(v);
      if (digits.length() > width) {
        throw new TemplateException("TEMPLATE_WIDTH_OVERFLOW", s.where() + ": field \"" + field + "\" = " + v + " has " + digits.length()
            + " digits, more than the width " + width + "; widen the pad", field);
      }
      return padLeft(digits, width);
    });
    c.write = (r, out) -> out.ascii(c.text.apply(r));
    recoverable(c, x, (key, from, to) -> {
      Object v = readDigits(key, from, to);
      return v instanceof Failure ? v : asLong((BigInteger) v);
    });
    return c;
  }

  private static Call reverseTs(Site s) {
    LongExpr x = s.longArg(0);
    String field = x.name();
    Call c = textCall(x.inputs, 19, "decimal", r -> padLeft(Long.toString(Values.reverseOf(s.site(), field, x.read.applyAsLong(r))), 19));
    c.write = (r, out) -> out.ascii(c.text.apply(r));
    recoverable(c, x, (key, from, to) -> {
      Object v = readDigits(key, from, to);
      return v instanceof Failure ? v : asLong(LONG_MAX.subtract((BigInteger) v));
    });
    return c;
  }

  // ---------------------------------------------------------------- long, reverseLong, int, uint, Phoenix

  private static Call longCall(Site s, boolean reverse) {
    LongExpr x = s.longArg(0);
    String field = x.name();
    Call c = new Call();
    c.inputs = x.inputs;
    c.fixedWidth = 8;
    c.alphabet = "binary";
    c.write = (r, out) -> {
      long v = x.read.applyAsLong(r);
      out.write(Bytes.toBytes(reverse ? Values.reverseOf(s.site(), field, v) : v));
    };
    recoverable(c, x, (key, from, to) -> {
      if (to - from != 8) return new Failure("a long needs 8 bytes, found " + (to - from));
      long v = Bytes.toLong(key, from);
      if (!reverse) return v;
      return v < 0 ? new Failure("Long.MAX_VALUE - x is negative (" + v + "), so x was not a non-negative long") : Long.MAX_VALUE - v;
    });
    return c;
  }

  /** signed, unsigned, or signed with the sign bit flipped (Phoenix). */
  private enum Form { SIGNED, UNSIGNED, FLIPPED }

  private static Call intCall(Site s, int bytes, Form form, boolean invert) {
    LongExpr x = s.longArg(0);
    String field = x.name();
    long min;
    long max;
    if (form == Form.UNSIGNED) {
      min = 0;
      max = bytes == 8 ? Long.MAX_VALUE : (1L << (8 * bytes)) - 1;
    } else {
      min = bytes == 8 ? Long.MIN_VALUE : -(1L << (8 * bytes - 1));
      max = bytes == 8 ? Long.MAX_VALUE : (1L << (8 * bytes - 1)) - 1;
    }
    int flip = form == Form.FLIPPED ? 0x80 : 0;
    int mask = invert ? 0xff : 0;
    Call c = new Call();
    c.inputs = x.inputs;
    c.fixedWidth = bytes;
    c.alphabet = "binary";
    c.write = (r, out) -> {
      long v = x.read.applyAsLong(r);
      if (v < min || v > max) {
        throw new TemplateException("TEMPLATE_VALUE_RANGE", s.where() + ": " + (x.field == null ? field : "field \"" + field + "\"") + " = " + v
            + " does not fit in " + bytes + " byte" + (bytes == 1 ? "" : "s") + " (" + min + ".." + max + ")",
            x.inputs.isEmpty() ? field : x.inputs.get(0));
      }
      byte[] full = Bytes.toBytes(v);
      out.reserve(bytes);
      for (int i = 0; i < bytes; i++) {
        int b = full[8 - bytes + i] & 0xff;
        if (i == 0) b ^= flip;
        out.bytes[out.length++] = (byte) (b ^ mask);
      }
    };
    recoverable(c, x, (key, from, to) -> {
      if (to - from != bytes) return new Failure(s.source + " takes " + bytes + " bytes, found " + (to - from));
      long u = 0;
      for (int i = from; i < to; i++) u = (u << 8) | (((key[i] & 0xff) ^ mask) ^ (i == from ? flip : 0));
      long v;
      if (form == Form.UNSIGNED) {
        if (bytes == 8 && u < 0) return new Failure(Long.toUnsignedString(u) + " is beyond a Java long");
        v = u;
      } else {
        v = bytes == 8 ? u : (u << (64 - 8 * bytes)) >> (64 - 8 * bytes);
      }
      return v;
    });
    return c;
  }

  private static boolean phoenixDesc(Site s, int index) {
    if (!s.has(index)) return false;
    String order = s.string(index);
    if (order.equals("ASC") || order.equals("DESC")) return order.equals("DESC");
    throw argument(s, "sort order \"" + order + "\" is neither \"ASC\" nor \"DESC\"");
  }

  // ---------------------------------------------------------------- padBytes

  private static Call padBytes(Site s) {
    Call x = s.text(0);
    int width = s.intArg(1);
    int fill = s.intArg(2);
    Call c = new Call();
    c.inputs = x.inputs;
    c.fixedWidth = width;
    c.alphabet = fill >= 32 && fill < 127 ? "text" : "binary";
    c.write = (r, out) -> {
      byte[] b = Bytes.toBytes(x.text.apply(r));
      if (b.length > width) {
        String f = x.field != null ? x.field : x.inputs.isEmpty() ? null : x.inputs.get(0);
        throw new TemplateException("TEMPLATE_WIDTH_OVERFLOW", s.where() + ": " + x.source + " takes " + b.length
            + " bytes, more than the width " + width + "; widen the padding", f);
      }
      out.write(b);
      out.reserve(width - b.length);
      for (int i = b.length; i < width; i++) out.bytes[out.length++] = (byte) fill;
    };
    if (x.recoverText != null) {
      c.recoverText = t -> {
        int end = t.length();
        while (end > 0 && t.charAt(end - 1) == (char) fill) end--;
        String[] got = x.recoverText.apply(t.substring(0, end));
        return end == t.length() || got.length > 2 ? got : new String[] { got[0], got[1], "trimmed" };
      };
    }
    return c;
  }

  // ---------------------------------------------------------------- date

  private static final String[] DATE_LETTERS = { "yyyy", "MM", "dd", "HH", "mm", "ss", "SSS" };
  private static final String[] DATE_NAMES = { "year", "month", "day of month", "hour of day (0-23)", "minute", "second", "millisecond" };
  /** 9999-12-31T23:59:59.999Z. */
  private static final long MAX_MS = 253_402_300_799_999L;

  /** A date pattern token: a field (letter index 0..6) or literal text. */
  private record Token(int letter, String text, int width) {}

  private static int letterIndex(String letters) {
    for (int i = 0; i < DATE_LETTERS.length; i++) if (DATE_LETTERS[i].equals(letters)) return i;
    return -1;
  }

  private static List<Token> parseDatePattern(String pattern, Site s) {
    List<Token> tokens = new ArrayList<>();
    Function<String, TemplateException> fail = what -> argument(s, "date pattern \"" + pattern + "\" " + what
        + "; use yyyy MM dd HH mm ss SSS and quote other letters ('T')");
    int i = 0;
    while (i < pattern.length()) {
      char c = pattern.charAt(i);
      if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
        int j = i;
        while (j < pattern.length() && pattern.charAt(j) == c) j++;
        String letters = pattern.substring(i, j);
        int index = letterIndex(letters);
        if (index < 0) throw fail.apply("has \"" + letters + "\" at pattern character " + (i + 1) + ", which is not supported");
        tokens.add(new Token(index, null, letters.length()));
        i = j;
      } else if (c == '\'') {
        int j = i + 1;
        if (j < pattern.length() && pattern.charAt(j) == '\'') {
          tokens.add(new Token(-1, "'", 1));
          i = j + 1;
          continue;
        }
        StringBuilder text = new StringBuilder();
        for (;;) {
          if (j >= pattern.length()) throw fail.apply("has an unterminated quote at pattern character " + (i + 1));
          if (pattern.charAt(j) == '\'') {
            if (j + 1 >= pattern.length() || pattern.charAt(j + 1) != '\'') break;
            text.append('\'');
            j += 2;
          } else text.append(pattern.charAt(j++));
        }
        tokens.add(new Token(-1, text.toString(), Bytes.toBytes(text.toString()).length));
        i = j + 1;
      } else {
        int end = Character.isHighSurrogate(c) && i + 1 < pattern.length() && Character.isLowSurrogate(pattern.charAt(i + 1)) ? i + 2 : i + 1;
        String t = pattern.substring(i, end);
        tokens.add(new Token(-1, t, Bytes.toBytes(t).length));
        i = end;
      }
    }
    if (tokens.isEmpty()) throw fail.apply("is empty");
    return tokens;
  }

  private static int dateField(int letter, LocalDateTime d) {
    switch (letter) {
      case 0: return d.getYear();
      case 1: return d.getMonthValue();
      case 2: return d.getDayOfMonth();
      case 3: return d.getHour();
      case 4: return d.getMinute();
      case 5: return d.getSecond();
      default: return d.getNano() / 1_000_000;
    }
  }

  private static Call date(Site s) {
    LongExpr x = s.longArg(0);
    String field = x.name();
    List<Token> tokens = parseDatePattern(s.string(1), s);
    ZoneRules zone = null;
    String zoneId = null;
    if (s.has(2)) {
      zoneId = s.string(2);
      // The zone a Java writer's TimeZone.getTimeZone(id) gives, refused where that silently falls back to GMT.
      TimeZone tz = TimeZone.getTimeZone(zoneId);
      if (!tz.getID().equals("GMT") || zoneId.equals("GMT")) zone = tz.toZoneId().getRules();
      else {
        throw argument(s, "\"" + zoneId + "\" is not a time zone id; use an IANA id such as \"Europe/Berlin\" or \"America/New_York\" (Java's TimeZone.getTimeZone would silently use GMT)");
      }
    }
    final ZoneRules rules = zone;
    final String zoneName = zoneId;
    int width = 0;
    boolean allDigits = true;
    for (Token t : tokens) {
      width += t.width;
      if (t.letter < 0 && !t.text.chars().allMatch(ch -> ch >= '0' && ch <= '9')) allDigits = false;
    }
    Call c = textCall(x.inputs, width, allDigits ? "decimal" : "text", r -> {
      long t = x.read.applyAsLong(r);
      if (t < 0 || t > MAX_MS) {
        throw new TemplateException("TEMPLATE_VALUE_RANGE", s.where() + ": field \"" + field + "\" = " + t
            + " is outside 1970-01-01..9999-12-31 in epoch milliseconds", field);
      }
      long local = rules == null ? t : t + 1000L * rules.getOffset(Instant.ofEpochMilli(t)).getTotalSeconds();
      // Years have four digits (the part's fixed width): a zone east of UTC can carry the last hours into year 10000.
      if (local > MAX_MS) {
        throw new TemplateException("TEMPLATE_VALUE_RANGE", s.where() + ": field \"" + field + "\" = " + t
            + " is in year 10000 in zone " + zoneName + "; times must fall in 1970-01-01..9999-12-31 where they are written", field);
      }
      LocalDateTime d = LocalDateTime.ofInstant(Instant.ofEpochMilli(local), ZoneOffset.UTC);
      StringBuilder sb = new StringBuilder();
      for (Token tok : tokens) sb.append(tok.letter < 0 ? tok.text : padLeft(Integer.toString(dateField(tok.letter, d)), tok.width));
      return sb.toString();
    });
    boolean full = true;
    for (int l = 0; l < DATE_LETTERS.length; l++) {
      final int letter = l;
      full &= tokens.stream().anyMatch(t -> t.letter == letter);
    }
    if (full) {
      recoverable(c, x, (key, from, to) -> {
        int[] got = new int[DATE_LETTERS.length];
        int at = from;
        for (Token tok : tokens) {
          if (tok.letter >= 0) {
            int v = 0;
            for (int i = at; i < at + tok.width; i++) {
              if (i >= key.length || key[i] < '0' || key[i] > '9') return new Failure("byte " + i + " is not a decimal digit of " + DATE_NAMES[tok.letter]);
              v = v * 10 + key[i] - '0';
            }
            got[tok.letter] = v;
          }
          at += tok.width;
        }
        if (at != to) return new Failure("the date takes " + (at - from) + " bytes, found " + (to - from));
        LocalDateTime local;
        try {
          local = LocalDateTime.of(got[0], got[1], got[2], got[3], got[4], got[5], got[6] * 1_000_000);
        } catch (RuntimeException e) {
          return new Failure("not a valid date");
        }
        if (rules == null) return local.toInstant(ZoneOffset.UTC).toEpochMilli();
        // In an overlap the local time was written twice; SimpleDateFormat.parse gives the later (standard time) one.
        List<ZoneOffset> offsets = rules.getValidOffsets(local);
        if (offsets.isEmpty()) return new Failure("the local time falls in a daylight saving gap of " + zoneName + ", so no time writes it");
        long latest = Long.MIN_VALUE;
        for (ZoneOffset o : offsets) latest = Math.max(latest, local.toInstant(o).toEpochMilli());
        return latest;
      });
    }
    return c;
  }

  // ---------------------------------------------------------------- compatibility salts over the following bytes

  private static Call following(int width, int buckets, Fill fill) {
    Call c = new Call();
    c.fixedWidth = width;
    c.alphabet = "binary";
    c.buckets = buckets;
    c.write = (r, out) -> out.skip(width);
    c.fill = fill;
    return c;
  }

  private static Call phoenixSalt(Site s) {
    int n = s.intArg(0);
    return following(1, n, (key, at, end) -> key[at] = (byte) CompatSalts.phoenixSaltByte(key, at + 1, end, n));
  }

  private static Call hbasewd(Site s) {
    int n = s.intArg(0);
    return following(1, n, (key, at, end) -> key[at] = (byte) CompatSalts.hbasewdPrefixByte(key, at + 1, end, n));
  }

  private static Call opentsdbSalt(Site s) {
    int n = s.intArg(0);
    int width = s.intArg(1);
    if (s.args.size() != 2 && s.args.size() != 4) {
      throw new TemplateException("TEMPLATE_ARITY", s.where() + ": opentsdbSalt takes (buckets, widthBytes) or (buckets, widthBytes, metricWidthBytes, timestampBytes), got "
          + s.args.size() + " arguments");
    }
    long metricL = s.args.size() == 4 ? (Long) s.args.get(2) : 3;
    long timeL = s.args.size() == 4 ? (Long) s.args.get(3) : CompatSalts.OPENTSDB_TIMESTAMP_BYTES;
    if (metricL < 1 || metricL > 8 || timeL < 1 || timeL > 8) {
      throw argument(s, "metricWidthBytes and timestampBytes must be from 1 to 8, got " + metricL + " and " + timeL);
    }
    int metric = (int) metricL;
    int time = (int) timeL;
    CompatSalts.checkOpentsdbSalt(n, width, s.where());
    return following(width, n, (key, at, end) -> {
      byte[] row = java.util.Arrays.copyOfRange(key, at, end);
      boolean metricSet = false;
      for (int i = width; i < width + metric && i < row.length; i++) metricSet |= row[i] != 0;
      if (row.length >= width + metric && row.length < width + metric + time && metricSet) {
        throw new TemplateException("COMPAT_ROW_SHORT", s.where() + ": the key has " + (row.length - width) + " bytes after the salt; OpenTSDB needs a "
            + metric + "-byte metric UID and a " + time + "-byte base time there");
      }
      byte[] moved = row;
      if (time != CompatSalts.OPENTSDB_TIMESTAMP_BYTES && row.length >= width + metric + time) {
        int offset = width + metric;
        moved = new byte[row.length - time + CompatSalts.OPENTSDB_TIMESTAMP_BYTES];
        System.arraycopy(row, 0, moved, 0, offset);
        System.arraycopy(row, offset + time, moved, offset + CompatSalts.OPENTSDB_TIMESTAMP_BYTES, row.length - offset - time);
      }
      byte[] salted = CompatSalts.opentsdbPrefixKeyWithSalt(moved, width, n, metric);
      System.arraycopy(salted, 0, key, at, width);
    });
  }

  // ---------------------------------------------------------------- the registry

  private static final ArgSpec X_TEXT = ArgSpec.of("x", ArgKind.TEXT);
  private static final ArgSpec X_FIELD = ArgSpec.of("x", ArgKind.FIELD);
  private static final ArgSpec ORDER = ArgSpec.of("order", ArgKind.STRING);

  private static Descriptor d(String name, String kind, List<ArgSpec> args, int minArgs, ArgKind variadic, boolean text, boolean oneWay, Function<Site, Call> compile) {
    return new Descriptor(name, kind, args, minArgs, variadic, text, oneWay, compile);
  }

  private static Descriptor phoenixInt(String name, int bytes) {
    return d(name, "phoenixInt", List.of(X_FIELD, ORDER), 1, null, false, false, s -> intCall(s, bytes, Form.FLIPPED, phoenixDesc(s, 1)));
  }

  /** Every function, in the TypeScript side's help order. */
  static final Map<String, Descriptor> ALL;

  static {
    List<Descriptor> all = List.of(
        d("concat", "concat", List.of(ArgSpec.of("first", ArgKind.TEXT)), 1, ArgKind.TEXT, true, false, s -> {
          List<Call> pieces = new ArrayList<>();
          for (int i = 0; i < s.args.size(); i++) pieces.add(s.text(i));
          return concat(pieces);
        }),
        d("reverse", "reverse", List.of(X_TEXT), 1, null, true, false, Functions::reverseCall),
        d("salt", "salt", List.of(X_TEXT, ArgSpec.range("buckets", 1, 0x7fffffff), ArgSpec.of("format", ArgKind.STRING)), 2, null, true, true, s -> hashBucket(s, 16)),
        d("bucket", "bucket", List.of(X_TEXT, ArgSpec.range("buckets", 1, 0x7fffffff)), 2, null, true, true, s -> hashBucket(s, 10)),
        d("md5", "md5", List.of(X_TEXT, ArgSpec.range("chars", 1, 32)), 2, null, true, true, s -> digest(s, true, s.intArg(1))),
        d("sha256", "sha256", List.of(X_TEXT), 1, null, true, true, s -> digest(s, false, 64)),
        d("pad", "pad", List.of(X_FIELD, ArgSpec.range("width", 1, 32_767)), 2, null, true, false, Functions::pad),
        d("reverseTs", "reverseTs", List.of(ArgSpec.of("t", ArgKind.FIELD)), 1, null, true, false, Functions::reverseTs),
        d("padBytes", "padBytes", List.of(X_TEXT, ArgSpec.range("width", 1, 32_767), ArgSpec.range("fill", 0, 127)), 3, null, false, false, Functions::padBytes),
        d("long", "long", List.of(X_FIELD), 1, null, false, false, s -> longCall(s, false)),
        d("reverseLong", "reverseLong", List.of(X_FIELD), 1, null, false, false, s -> longCall(s, true)),
        d("int", "int", List.of(X_FIELD, ArgSpec.range("bytes", 1, 8)), 2, null, false, false, s -> intCall(s, s.intArg(1), Form.SIGNED, false)),
        d("uint", "uint", List.of(X_FIELD, ArgSpec.range("bytes", 1, 8)), 2, null, false, false, s -> intCall(s, s.intArg(1), Form.UNSIGNED, false)),
        phoenixInt("phoenixBigint", 8),
        phoenixInt("phoenixInteger", 4),
        phoenixInt("phoenixSmallint", 2),
        phoenixInt("phoenixTinyint", 1),
        d("date", "date", List.of(ArgSpec.of("t", ArgKind.FIELD), ArgSpec.of("pattern", ArgKind.STRING), ArgSpec.of("zone", ArgKind.STRING)), 2, null, true, false, Functions::date),
        d("phoenixSalt", "phoenixSalt", List.of(ArgSpec.range("buckets", 1, 256)), 1, null, false, true, Functions::phoenixSalt),
        d("hbasewd", "hbasewdPrefix", List.of(ArgSpec.range("buckets", 1, 256)), 1, null, false, true, Functions::hbasewd),
        d("opentsdbSalt", "opentsdbSalt", List.of(ArgSpec.range("buckets", 1, 0x7fffffff), ArgSpec.range("widthBytes", 1, 8)), 2, ArgKind.INT, false, true, Functions::opentsdbSalt));
    Map<String, Descriptor> byName = new LinkedHashMap<>();
    for (Descriptor x : all) byName.put(x.name(), x);
    ALL = Collections.unmodifiableMap(byName);
  }
}
