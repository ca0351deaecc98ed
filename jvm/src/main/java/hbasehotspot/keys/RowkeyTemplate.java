package hbasehotspot.keys;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.apache.hadoop.hbase.util.Bytes;

import hbasehotspot.keys.Functions.ArgKind;
import hbasehotspot.keys.Functions.ArgSpec;
import hbasehotspot.keys.Functions.Call;
import hbasehotspot.keys.Functions.Descriptor;
import hbasehotspot.keys.Functions.Failure;
import hbasehotspot.keys.Functions.LongExpr;
import hbasehotspot.keys.TemplateParser.Expr;
import hbasehotspot.keys.TemplateParser.Node;
import hbasehotspot.keys.TemplateParser.Type;

/**
 * A rowkey template compiled for the JVM: the same language, bytes and decoding as the TypeScript side's
 * {@code compileTemplate} (src/keys/template/, docs/templates.md), so a Java writer, a MapReduce job and the
 * {@code hbase-hotspot} CLI build byte-identical keys. Both sides run the JDK-computed vectors of
 * test/golden/functions.json ({@link GoldenCheck}).
 *
 * <pre>{@code
 * RowkeyTemplate t = RowkeyTemplate.compile("{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}");
 * byte[] row = t.encode(Map.of("deviceId", "sensor001", "ts", 1709856000000L)); // 07_sensor001_9223370326998775807
 * Map<String, Object> back = t.decode(row);                                      // {deviceId=sensor001, ts=1709856000000}
 * }</pre>
 *
 * <p>Record values: a {@link String} for text, an integral {@link Number} ({@code Long}, {@code Integer}, ...) or a
 * {@link java.math.BigInteger} or a string of decimal digits where a function reads a long. Decoded records hold
 * {@code String} and {@code Long} values. A compiled template is immutable and thread-safe: every call allocates its
 * own buffer. Errors are {@link TemplateException}s with the TypeScript side's codes.
 */
public final class RowkeyTemplate {
  /** Most parts a template may compile to; more is TEMPLATE_TOO_MANY_PARTS. */
  public static final int MAX_PARTS = 256;
  private static final int STEP_LIMIT = 100_000;

  /** One compiled part, in key order. */
  private static final class Part {
    String kind;
    String source;
    int position;
    List<String> inputs = List.of();
    Integer fixedWidth;
    String alphabet;
    boolean signed;
    byte[] literal;
    Functions.Writer write;
    Functions.Fill fill;
    String recoverField;
    Functions.Recover recover;
  }

  private final String source;
  private final List<Part> parts;
  private final List<String> fields;
  private final boolean decodable;
  private final List<String> warnings;
  /** For each part: the next literal part's index (-1 when none) and the fixed widths between (-1: not fixed). */
  private final int[] followNext;
  private final int[] followFixed;

  private RowkeyTemplate(String source, List<Part> parts) {
    this.source = source;
    this.parts = parts;
    LinkedHashSet<String> f = new LinkedHashSet<>();
    for (Part p : parts) f.addAll(p.inputs);
    this.fields = List.copyOf(f);
    this.followNext = new int[parts.size()];
    this.followFixed = new int[parts.size()];
    List<String> w = new ArrayList<>();
    this.decodable = planDecode(w);
    this.warnings = Collections.unmodifiableList(w);
  }

  /**
   * Compiles a template.
   * @throws TemplateException TEMPLATE_EMPTY_KEY, TEMPLATE_SYNTAX, TEMPLATE_UNKNOWN_FUNCTION, TEMPLATE_ARITY,
   *     TEMPLATE_ARGUMENT, TEMPLATE_TOO_DEEP, TEMPLATE_TOO_MANY_PARTS, COMPAT_*, naming the character offset
   */
  public static RowkeyTemplate compile(String template) {
    return compile(template, null);
  }

  /**
   * Compiles a template whose fields must be among {@code knownFields} (any other is TEMPLATE_UNKNOWN_FIELD).
   * @param knownFields the allowed field names, or null for any
   * @throws TemplateException as {@link #compile(String)}, and TEMPLATE_UNKNOWN_FIELD
   */
  public static RowkeyTemplate compile(String template, Collection<String> knownFields) {
    if (template == null) throw new TemplateException("TEMPLATE_EMPTY_KEY", "the template is null; write at least one part, e.g. \"{id}\"");
    List<Node> nodes = TemplateParser.parse(template);
    Set<String> numeric = new HashSet<>();
    for (Node n : nodes) if (n.expr != null) collectNumeric(n.expr, numeric);
    Compiler c = new Compiler(template, knownFields == null ? null : new HashSet<>(knownFields), numeric);
    return new RowkeyTemplate(template, c.parts(nodes));
  }

  /** The template text as given. */
  public String source() {
    return source;
  }

  /** Every field the template reads, in first-use order. */
  public List<String> fields() {
    return fields;
  }

  /**
   * The width in bytes of every key this template writes when all its parts are fixed width (the TypeScript
   * template's sum of {@code parts[].fixedWidth}), or null when some part varies in width.
   */
  public Integer fixedWidth() {
    int sum = 0;
    for (Part p : parts) {
      if (p.fixedWidth == null) return null;
      sum += p.fixedWidth;
    }
    return sum;
  }

  /** True when {@link #decode(byte[])} can give a record back from a key. */
  public boolean isDecodable() {
    return decodable;
  }

  /** Why keys do not decode, or which values would make a key undecodable; one line each. */
  public List<String> decodeWarnings() {
    return warnings;
  }

  @Override
  public String toString() {
    return "RowkeyTemplate(" + source + ")";
  }

  /**
   * Encodes a record into a fresh rowkey.
   * @param record field name to value (String, integral Number, BigInteger, or decimal digits for longs)
   * @throws TemplateException TEMPLATE_FIELD_MISSING, TEMPLATE_FIELD_TYPE, TEMPLATE_VALUE_RANGE,
   *     TEMPLATE_WIDTH_OVERFLOW, TEMPLATE_EMPTY_KEY, naming position and field
   */
  public byte[] encode(Map<String, ?> record) {
    KeyBuffer out = new KeyBuffer();
    write(record, out, new int[parts.size() + 1]);
    if (out.length == 0) {
      throw new TemplateException("TEMPLATE_EMPTY_KEY", "template \"" + source + "\" gives an empty rowkey for " + record
          + ", and HBase has no empty rowkey; give the fields non-empty values or add a literal", fields.isEmpty() ? null : fields.get(0));
    }
    return out.take();
  }

  private void write(Map<String, ?> record, KeyBuffer out, int[] starts) {
    for (int i = 0; i < parts.size(); i++) {
      starts[i] = out.length;
      parts.get(i).write.write(record, out);
    }
    starts[parts.size()] = out.length;
    for (int i = parts.size() - 1; i >= 0; i--) {
      Part p = parts.get(i);
      if (p.fill != null) p.fill.fill(out.bytes, starts[i], out.length);
    }
  }

  /**
   * Decodes a rowkey into a record (String and Long values), verifying salts and hashes: the record must encode back
   * to the same key byte for byte.
   * @throws TemplateException TEMPLATE_NOT_DECODABLE, KEY_DECODE naming the field and byte offset, KEY_DECODE_AMBIGUOUS
   *     when a value holding a delimiter lets the key split more than one way
   */
  public Map<String, Object> decode(byte[] key) {
    if (!decodable) {
      List<String> why = new ArrayList<>();
      for (String w : warnings) if (!w.contains("delimited by")) why.add(w);
      throw new TemplateException("TEMPLATE_NOT_DECODABLE", "template \"" + source + "\" is not decodable: " + String.join("; ", why));
    }
    int[] extents = split(key);
    Map<String, Object> record = new LinkedHashMap<>();
    // Each field from the first part giving it back whole, else from the first giving it back trimmed (padBytes).
    Set<String> trimmed = new HashSet<>();
    for (int i = 0; i < parts.size(); i++) {
      Part p = parts.get(i);
      if (p.recover == null || (record.containsKey(p.recoverField) && !trimmed.contains(p.recoverField))) continue;
      boolean readTrimmed = trimmed.contains(p.recoverField);
      Object got = p.recover.read(key, extents[2 * i], extents[2 * i + 1]);
      if (got instanceof Failure) {
        if (readTrimmed) continue;
        throw new TemplateException("KEY_DECODE", "key " + show(key) + ", template \"" + source + "\": " + p.source + " at byte " + extents[2 * i]
            + ": " + ((Failure) got).why(), p.recoverField);
      }
      if (got instanceof Functions.Trimmed) {
        if (readTrimmed) continue;
        trimmed.add(p.recoverField);
        got = ((Functions.Trimmed) got).value();
      } else trimmed.remove(p.recoverField);
      record.put(p.recoverField, got);
    }
    verify(record, key);
    return record;
  }

  private void verify(Map<String, Object> record, byte[] key) {
    KeyBuffer out = new KeyBuffer();
    int[] starts = new int[parts.size() + 1];
    try {
      write(record, out, starts);
    } catch (TemplateException e) {
      throw new TemplateException("KEY_DECODE", "key \"" + Bytes.toStringBinary(key) + "\" decodes to values template \"" + source
          + "\" rejects: " + e.getMessage(), e.field(), e);
    }
    byte[] again = out.take();
    if (Arrays.equals(again, key)) return;
    int at = 0;
    for (int i = 0; i < parts.size(); i++) {
      int from = starts[i];
      int to = starts[i + 1];
      if (to > key.length || !Arrays.equals(again, from, to, key, from, to)) {
        at = i;
        break;
      }
    }
    Part p = parts.get(at);
    int from = starts[at];
    int to = starts[at + 1];
    throw new TemplateException("KEY_DECODE", "key " + show(key) + " fails verification at byte " + from + ": " + p.source + " reads "
        + show(Arrays.copyOfRange(key, Math.min(from, key.length), Math.min(to, key.length))) + " but the decoded fields give "
        + show(Arrays.copyOfRange(again, from, to)) + "; the key was not written by template \"" + source + "\"",
        p.inputs.isEmpty() ? null : p.inputs.get(0));
  }

  private static String show(byte[] b) {
    return "\"" + Bytes.toStringBinary(b) + "\"";
  }

  private static String label(Part p) {
    return p.kind.equals("field") ? "field \"" + (p.inputs.isEmpty() ? p.source : p.inputs.get(0)) + "\"" : "part " + p.source;
  }

  // ------------------------------------------------------------------ decoding plan and split

  private boolean planDecode(List<String> w) {
    boolean ok = true;
    for (int i = 0; i < parts.size(); i++) {
      Part part = parts.get(i);
      int fixed = 0;
      int next = -1;
      for (int j = i + 1; j < parts.size(); j++) {
        Part n = parts.get(j);
        if (n.literal != null) {
          next = j;
          break;
        }
        if (n.fixedWidth == null) {
          if (part.fixedWidth == null && part.literal == null) {
            ok = false;
            w.add(label(part) + " and " + label(n) + " both vary in width with no literal between them, so the key cannot be split; put a delimiter between them or give one a fixed width (pad, salt, ...)");
          }
          fixed = -1;
          break;
        }
        fixed += n.fixedWidth;
      }
      followNext[i] = next;
      followFixed[i] = fixed;
    }
    for (int i = 0; i < parts.size(); i++) {
      Part part = parts.get(i);
      if (part.fixedWidth != null || part.literal != null || followNext[i] < 0) continue;
      byte[] lit = parts.get(followNext[i]).literal;
      String text = new String(lit, StandardCharsets.UTF_8);
      boolean may = part.alphabet.equals("hex") ? text.matches("(?s).*[0-9a-f].*") : part.alphabet.equals("decimal") ? text.matches("(?s).*[0-9-].*") : true;
      if (may) {
        w.add(label(part) + " is delimited by " + show(lit) + ": a value containing " + show(lit)
            + " encodes fine, but decoding refuses a key that then splits more than one way");
      }
    }
    Set<String> recovered = new HashSet<>();
    for (Part p : parts) if (p.recover != null) recovered.add(p.recoverField);
    for (String field : fields) {
      if (recovered.contains(field)) continue;
      ok = false;
      List<String> users = new ArrayList<>();
      for (Part p : parts) if (p.inputs.contains(field)) users.add(p.source);
      w.add("field \"" + field + "\" is only written through " + String.join(", ", users)
          + ", which cannot be read back (a one-way hash or a lossy format), so the key is not decodable; add {" + field + "} or an invertible form of it to the key");
    }
    return ok;
  }

  private static boolean accepts(Part p, byte[] key, int from, int to) {
    if (p.alphabet.equals("hex")) {
      if (to <= from) return false;
      for (int i = from; i < to; i++) {
        int b = key[i];
        if (!((b >= '0' && b <= '9') || (b >= 'a' && b <= 'f'))) return false;
      }
      return true;
    }
    if (p.alphabet.equals("decimal")) {
      if (to <= from) return false;
      for (int i = from; i < to; i++) {
        int b = key[i];
        if (!(b >= '0' && b <= '9') && !(p.signed && i == from && b == '-' && to - from > 1)) return false;
      }
      return true;
    }
    return true;
  }

  /** The split search's state. */
  private final class Splitter {
    final byte[] key;
    final int[] extents = new int[2 * parts.size()];
    final List<int[]> found = new ArrayList<>();
    int steps;
    int failAt = -1;
    String failWhy = "";

    Splitter(byte[] key) {
      this.key = key;
    }

    void note(int pos, String why) {
      if (pos >= failAt) {
        failAt = pos;
        failWhy = why;
      }
    }

    boolean matchAt(int at, byte[] lit) {
      if (at + lit.length > key.length) return false;
      for (int k = 0; k < lit.length; k++) if (key[at + k] != lit[k]) return false;
      return true;
    }

    void take(int i, int from, int to) {
      extents[2 * i] = from;
      extents[2 * i + 1] = to;
      search(i + 1, to);
    }

    void search(int i, int pos) {
      if (found.size() >= 2 || ++steps > STEP_LIMIT) return;
      if (i == parts.size()) {
        if (pos == key.length) found.add(extents.clone());
        else note(pos, (key.length - pos) + " bytes are left after the template's last part");
        return;
      }
      Part part = parts.get(i);
      if (part.literal != null) {
        if (matchAt(pos, part.literal)) take(i, pos, pos + part.literal.length);
        else note(pos, "expected the literal " + show(part.literal) + " of the template");
        return;
      }
      if (part.fixedWidth != null) {
        int end = pos + part.fixedWidth;
        if (end <= key.length && accepts(part, key, pos, end)) take(i, pos, end);
        else note(pos, end > key.length ? "the key ends inside " + label(part) + " (" + part.fixedWidth + " bytes)"
            : label(part) + " expects " + part.fixedWidth + " " + part.alphabet + " bytes");
        return;
      }
      int next = followNext[i];
      int fixed = followFixed[i];
      if (next < 0) {
        int end = key.length - fixed;
        if (end >= pos && accepts(part, key, pos, end)) take(i, pos, end);
        else note(pos, label(part) + " expects " + part.alphabet + " bytes");
        return;
      }
      byte[] lit = parts.get(next).literal;
      boolean any = false;
      for (int end = pos; end + fixed + lit.length <= key.length && found.size() < 2; end++) {
        if (matchAt(end + fixed, lit) && accepts(part, key, pos, end)) {
          any = true;
          take(i, pos, end);
        }
      }
      if (!any) note(pos, "no delimiter " + show(lit) + " ends " + label(part));
    }
  }

  private int[] split(byte[] key) {
    Splitter s = new Splitter(key);
    s.search(0, 0);
    if (s.steps > STEP_LIMIT) throw new TemplateException("KEY_DECODE", "key " + show(key) + " splits too many ways to try against template \"" + source + "\"");
    if (s.found.isEmpty()) {
      throw new TemplateException("KEY_DECODE", "key " + show(key) + " does not match template \"" + source + "\" at byte " + s.failAt + ": " + s.failWhy);
    }
    if (s.found.size() > 1) {
      int[] a = s.found.get(0);
      int[] b = s.found.get(1);
      List<String> names = new ArrayList<>();
      int first = -1;
      for (int i = 0; i < parts.size(); i++) {
        Part p = parts.get(i);
        if (p.literal == null && (a[2 * i] != b[2 * i] || a[2 * i + 1] != b[2 * i + 1])) {
          names.add(p.inputs.isEmpty() ? p.source : p.inputs.get(0));
          if (first < 0) first = i;
        }
      }
      int i = Math.max(first, 0);
      String n0 = names.isEmpty() ? "?" : names.get(0);
      throw new TemplateException("KEY_DECODE_AMBIGUOUS", "key " + show(key) + " cannot be decoded with template \"" + source + "\": field \""
          + String.join("\" or \"", names) + "\" holds a delimiter, so the key splits more than one way (" + n0 + " = "
          + show(Arrays.copyOfRange(key, a[2 * i], a[2 * i + 1])) + " or " + show(Arrays.copyOfRange(key, b[2 * i], b[2 * i + 1]))
          + "); use a delimiter that cannot occur in the field (e.g. \\x00) or a fixed width", names.isEmpty() ? null : n0);
    }
    return s.found.get(0);
  }

  // ------------------------------------------------------------------ compiling expressions

  /** The fields functions read as numbers: arguments of kind field, and operands of arithmetic. */
  private static void collectNumeric(Expr e, Set<String> into) {
    if (e.type == Type.ARITH) {
      for (Expr side : new Expr[] { e.left, e.right }) {
        if (side.type == Type.NAME) into.add(side.name);
        else collectNumeric(side, into);
      }
      return;
    }
    if (e.type != Type.CALL) return;
    Descriptor d = Functions.ALL.get(e.name);
    for (int i = 0; i < e.args.size(); i++) {
      Expr a = e.args.get(i);
      ArgSpec spec = d != null && i < d.args().size() ? d.args().get(i) : null;
      if (spec != null && spec.kind() == ArgKind.FIELD && a.type == Type.NAME) into.add(a.name);
      collectNumeric(a, into);
    }
  }

  /** Turns parsed nodes into parts. */
  private static final class Compiler {
    final String template;
    final Set<String> known;
    final Set<String> numeric;

    Compiler(String template, Set<String> known, Set<String> numeric) {
      this.template = template;
      this.known = known;
      this.numeric = numeric;
    }

    TemplateException argError(Expr e, String message) {
      return new TemplateException("TEMPLATE_ARGUMENT", "template " + TemplateParser.quote(template) + " at position " + e.position + ": " + message);
    }

    void checkField(String name, int position) {
      if (known != null && !known.contains(name)) {
        throw new TemplateException("TEMPLATE_UNKNOWN_FIELD", "template " + TemplateParser.quote(template) + " at position " + position
            + ": unknown field \"" + name + "\"; known fields: " + String.join(", ", known), name);
      }
    }

    LongExpr compileLong(Expr e) {
      switch (e.type) {
        case NAME: {
          checkField(e.name, e.position);
          Values.Site site = new Values.Site(e.name, e.position);
          String name = e.name;
          return new LongExpr(name, e.position, List.of(name), name, r -> Values.toLong(r, name, site));
        }
        case INT: {
          long v = e.value;
          return new LongExpr(e.source, e.position, List.of(), null, r -> v);
        }
        case ARITH: {
          LongExpr a = compileLong(e.left);
          LongExpr b = compileLong(e.right);
          LinkedHashSet<String> inputs = new LinkedHashSet<>(a.inputs);
          inputs.addAll(b.inputs);
          List<String> in = List.copyOf(inputs);
          char op = e.op;
          String src = e.source;
          int pos = e.position;
          return new LongExpr(src, pos, in, null, r -> {
            long x = a.read.applyAsLong(r);
            long y = b.read.applyAsLong(r);
            switch (op) {
              case '+': return x + y;
              case '-': return x - y;
              case '*': return x * y;
              default:
                if (y == 0) {
                  throw new TemplateException("TEMPLATE_VALUE_RANGE", src + " at template position " + pos + ": " + b.source
                      + " is 0, and a long division by zero has no value (Java throws ArithmeticException)", in.isEmpty() ? null : in.get(0));
                }
                return op == '/' ? x / y : x % y;
            }
          });
        }
        default:
          throw argError(e, "arithmetic takes fields and integers, got " + e.source);
      }
    }

    Call compileText(Expr e) {
      Call c;
      switch (e.type) {
        case NAME: {
          checkField(e.name, e.position);
          String name = e.name;
          Values.Site site = new Values.Site(name, e.position);
          c = new Call();
          c.inputs = List.of(name);
          c.alphabet = numeric.contains(name) ? "decimal" : "text";
          c.text = r -> Values.text(r, name, site);
          c.field = name;
          c.recoverText = t -> new String[] { name, t };
          Function<Map<String, ?>, String> text = c.text;
          c.write = (r, out) -> out.write(Bytes.toBytes(text.apply(r)));
          break;
        }
        case STRING: {
          String value = e.string;
          byte[] bytes = Bytes.toBytes(value);
          c = new Call();
          c.fixedWidth = bytes.length;
          c.alphabet = value.matches("[0-9]+") ? "decimal" : "text";
          c.text = r -> value;
          c.write = (r, out) -> out.write(bytes);
          break;
        }
        case INT:
          throw argError(e, "the number " + e.source + " stands where text is expected; quote it (\"" + e.source + "\") or name a field");
        case ARITH: {
          LongExpr v = compileLong(e);
          c = new Call();
          c.inputs = v.inputs;
          c.alphabet = "decimal";
          c.text = r -> Long.toString(v.read.applyAsLong(r));
          Function<Map<String, ?>, String> text = c.text;
          c.write = (r, out) -> out.ascii(text.apply(r));
          break;
        }
        default: {
          Descriptor[] d = new Descriptor[1];
          c = compileCall(e, d);
          if (!d[0].textOutput() || c.text == null) {
            throw argError(e, e.name + "(...) writes raw bytes, so it can only stand as a whole template part, not inside another call");
          }
        }
      }
      c.source = e.source;
      return c;
    }

    Object compileArg(Expr e, ArgSpec spec, Descriptor fn, Values.Site callSite) {
      String what = fn.name() + "(): argument \"" + spec.name() + "\"";
      switch (spec.kind()) {
        case TEXT:
          return compileText(e);
        case FIELD: {
          if (e.type == Type.ARITH) return compileLong(e);
          if (e.type != Type.NAME) throw argError(e, what + " must be a field name or arithmetic on fields and integers, got " + e.source);
          checkField(e.name, e.position);
          String name = e.name;
          return new LongExpr(name, e.position, List.of(name), name, r -> Values.toLong(r, name, callSite));
        }
        case INT:
          if (e.type != Type.INT) throw argError(e, what + " must be an integer, got " + e.source);
          if (spec.bounded() && (e.value < spec.min() || e.value > spec.max())) {
            throw argError(e, what + " must be between " + spec.min() + " and " + spec.max() + ", got " + e.value);
          }
          return e.value;
        default:
          if (e.type != Type.STRING) throw argError(e, what + " must be a \"quoted string\", got " + e.source);
          return e.string;
      }
    }

    Call compileCall(Expr e, Descriptor[] out) {
      Descriptor d = Functions.ALL.get(e.name);
      if (d == null) {
        throw new TemplateException("TEMPLATE_UNKNOWN_FUNCTION", "unknown function \"" + e.name + "\" at template position " + e.position
            + "; known functions: " + String.join(", ", Functions.ALL.keySet()));
      }
      out[0] = d;
      int n = e.args.size();
      int specs = d.args().size();
      if (n < d.minArgs() || (n > specs && d.variadic() == null)) {
        StringBuilder sig = new StringBuilder(d.name()).append('(');
        for (int i = 0; i < specs; i++) {
          if (i > 0) sig.append(", ");
          sig.append(i < d.minArgs() ? d.args().get(i).name() : "[" + d.args().get(i).name() + "]");
        }
        if (d.variadic() != null) sig.append(", ...");
        sig.append(')');
        String wanted = d.variadic() != null ? "at least " + specs : d.minArgs() < specs ? d.minArgs() + " to " + specs : Integer.toString(specs);
        throw new TemplateException("TEMPLATE_ARITY", "template " + TemplateParser.quote(template) + " at position " + e.position + ": " + sig + " takes "
            + wanted + " argument" + (specs == 1 ? "" : "s") + ", got " + n + " in " + e.source);
      }
      Values.Site site = new Values.Site(e.source, e.position);
      List<Object> args = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        ArgSpec spec = i < specs ? d.args().get(i) : ArgSpec.of("#" + (i + 1), d.variadic());
        args.add(compileArg(e.args.get(i), spec, d, site));
      }
      Call c = d.compile().apply(new Functions.Site(e.name, e.source, e.position, args));
      c.source = e.source;
      return c;
    }

    Functions.Recover textRecover(Function<String, String[]> invert) {
      if (invert == null) return null;
      String field = invert.apply("")[0];
      boolean isNumeric = numeric.contains(field);
      return (key, from, to) -> {
        String text;
        try {
          text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(key, from, to - from)).toString();
        } catch (CharacterCodingException ex) {
          return new Failure("bytes " + from + ".." + (to - 1) + " are not valid UTF-8");
        }
        String[] got = invert.apply(text);
        boolean cut = got.length > 2;
        if (!isNumeric) return cut ? new Functions.Trimmed(got[1]) : got[1];
        Long v = Values.parseDecimalLong(got[1]);
        if (v == null) return new Failure("\"" + got[1] + "\" is not a decimal long");
        return cut ? new Functions.Trimmed(v) : (Object) v;
      };
    }

    Part exprPart(Expr e, String src, int position) {
      Part p = new Part();
      p.source = src;
      p.position = position;
      Call c;
      if (e.type == Type.CALL) {
        Descriptor[] d = new Descriptor[1];
        c = compileCall(e, d);
        p.kind = d[0].kind();
        if (c.recover != null) {
          p.recoverField = c.recoverField;
          p.recover = c.recover;
        }
      } else {
        c = compileText(e);
        p.kind = "field";
        p.signed = (e.type == Type.NAME && numeric.contains(e.name)) || e.type == Type.ARITH;
      }
      if (p.recover == null && c.recoverText != null) {
        p.recoverField = c.recoverText.apply("")[0];
        p.recover = textRecover(c.recoverText);
      }
      p.inputs = c.inputs;
      p.fixedWidth = c.fixedWidth;
      p.alphabet = c.alphabet;
      p.write = c.write;
      p.fill = c.fill;
      return p;
    }

    private void flatten(Expr e, String src, int position, List<Object[]> out) {
      if (e.type == Type.CALL && e.name.equals("concat")) {
        for (Expr a : e.args) flatten(a, a.source, a.position, out);
      } else out.add(new Object[] { e, src, position });
    }

    List<Part> parts(List<Node> nodes) {
      List<Object[]> pieces = new ArrayList<>();
      for (Node node : nodes) {
        if (node.expr == null) {
          pieces.add(new Object[] { node.literal, node.source, node.position });
          continue;
        }
        List<Object[]> flat = new ArrayList<>();
        flatten(node.expr, node.source, node.position, flat);
        for (Object[] f : flat) {
          Expr e = (Expr) f[0];
          if (e.type == Type.STRING) pieces.add(new Object[] { Bytes.toBytes(e.string), f[1], f[2] });
          else if (e.type == Type.INT) {
            throw new TemplateException("TEMPLATE_ARGUMENT", "template " + TemplateParser.quote(template) + " at position " + e.position + ": a bare number "
                + e.source + " in a part; write it as literal text");
          } else pieces.add(f);
        }
      }
      List<Part> parts = new ArrayList<>();
      List<Object[]> run = new ArrayList<>();
      for (Object[] piece : pieces) {
        if (piece[0] instanceof byte[]) {
          if (((byte[]) piece[0]).length > 0) run.add(piece);
          continue;
        }
        flush(run, parts);
        parts.add(exprPart((Expr) piece[0], (String) piece[1], (Integer) piece[2]));
        if (parts.size() > MAX_PARTS) {
          throw new TemplateException("TEMPLATE_TOO_MANY_PARTS", "template at position " + piece[2] + ": more than " + MAX_PARTS
              + " parts (fields, calls and literals between them); a rowkey never needs that many");
        }
      }
      flush(run, parts);
      return List.copyOf(parts);
    }

    private static void flush(List<Object[]> run, List<Part> parts) {
      if (run.isEmpty()) return;
      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      StringBuilder src = new StringBuilder();
      for (Object[] r : run) {
        bytes.writeBytes((byte[]) r[0]);
        src.append((String) r[1]);
      }
      Part p = new Part();
      p.kind = "literal";
      p.source = src.toString();
      p.position = (Integer) run.get(0)[2];
      p.literal = bytes.toByteArray();
      p.fixedWidth = p.literal.length;
      p.alphabet = "text";
      byte[] lit = p.literal;
      p.write = (r, out) -> out.write(lit);
      parts.add(p);
      run.clear();
    }
  }
}
