package hbasehotspot.keys;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Record values as the template functions read them, mirroring src/keys/functions/values.ts: a field's text (a
 * string as is, an integer as {@code String.valueOf(long)} prints it) and a field's value as a Java long (an integral
 * number, a {@link BigInteger} in range, or a string of decimal digits).
 */
final class Values {
  private static final Pattern DECIMAL = Pattern.compile("-?(0|[1-9][0-9]*)");
  private static final Pattern DIGITS = Pattern.compile("-?[0-9]+");
  private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);
  private static final double SAFE = 9007199254740991d;

  private Values() {}

  /** Where a value is read: the expression's source text and its template position. */
  record Site(String source, int position) {
    String where() {
      return source + " at template position " + position;
    }
  }

  private static String describe(Object value) {
    if (value instanceof String) return "\"" + value + "\"";
    if (value instanceof byte[]) return "byte[] " + Arrays.toString((byte[]) value);
    return String.valueOf(value) + " (" + value.getClass().getSimpleName() + ")";
  }

  /** The field's value, or TEMPLATE_FIELD_MISSING. */
  static Object require(Map<String, ?> record, String field, Site site) {
    Object v = record.get(field);
    if (v == null) {
      throw new TemplateException("TEMPLATE_FIELD_MISSING", site.where() + " needs field \"" + field
          + "\", which the record lacks; add it to the record", field);
    }
    return v;
  }

  private static TemplateException typeError(String field, Object value, Site site, String wanted) {
    return new TemplateException("TEMPLATE_FIELD_TYPE", site.where() + ": field \"" + field + "\" is " + describe(value)
        + "; it must be " + wanted, field);
  }

  /** An integral Number as a long, or null when it is not one (a fraction, NaN, a double beyond 2^53). */
  private static Long integral(Object v) {
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) return ((Number) v).longValue();
    if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      if (d == Math.rint(d) && Math.abs(d) <= SAFE) return (long) d;
    }
    return null;
  }

  /**
   * A field's text: a string as is, an integer in plain decimal. Fractions are refused, as Java code writing a long
   * never produces them.
   */
  static String text(Map<String, ?> record, String field, Site site) {
    Object v = require(record, field, site);
    if (v instanceof String) return (String) v;
    if (v instanceof CharSequence) return v.toString();
    Long l = integral(v);
    if (l != null) return Long.toString(l);
    if (v instanceof BigInteger) return v.toString();
    throw typeError(field, v, site, "an integer or a string");
  }

  /**
   * A field's value as a Java long: an integral number, a BigInteger, or a string of decimal digits.
   * @throws TemplateException TEMPLATE_FIELD_MISSING, TEMPLATE_FIELD_TYPE, TEMPLATE_VALUE_RANGE (beyond a long)
   */
  static long toLong(Map<String, ?> record, String field, Site site) {
    Object v = require(record, field, site);
    Long l = integral(v);
    if (l != null) return l;
    BigInteger big;
    if (v instanceof BigInteger) big = (BigInteger) v;
    else if (v instanceof CharSequence && DECIMAL.matcher((CharSequence) v).matches()) big = new BigInteger(v.toString());
    else throw typeError(field, v, site, "an integer (a number, a BigInteger, or a string of decimal digits)");
    if (big.compareTo(LONG_MIN) < 0 || big.compareTo(LONG_MAX) > 0) {
      throw new TemplateException("TEMPLATE_VALUE_RANGE", site.where() + ": field \"" + field + "\" = " + big
          + " does not fit in a signed 64-bit long", field);
    }
    return big.longValue();
  }

  /** Decimal digits read from a key ({@code -} allowed in front) as a long, or null when they are not one. */
  static Long parseDecimalLong(String text) {
    if (!DIGITS.matcher(text).matches()) return null;
    BigInteger big = new BigInteger(text);
    if (big.compareTo(LONG_MIN) < 0 || big.compareTo(LONG_MAX) > 0) return null;
    return big.longValue();
  }

  /** TEMPLATE_VALUE_RANGE naming the call, position and field. */
  static TemplateException rangeError(Site site, String field, Object value, String why) {
    return new TemplateException("TEMPLATE_VALUE_RANGE", site.where() + ": field \"" + field + "\" = " + value + " " + why, field);
  }

  /** {@code Long.MAX_VALUE - t} for a non-negative t, checked. */
  static long reverseOf(Site site, String field, long t) {
    if (t < 0) throw rangeError(site, field, t, "is negative; Long.MAX_VALUE - t would overflow a long");
    return Long.MAX_VALUE - t;
  }
}
