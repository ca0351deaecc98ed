package hbasehotspot.keys;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The template syntax parsed into a tree, as src/keys/template/parse.ts does:
 *
 * <pre>
 * template := ( literal | "{" expr "}" )+
 * literal  := any character but { } \ (its UTF-8 bytes) | \xNN (one raw byte)
 * expr     := term ( ("+" | "-") term )*
 * term     := atom ( ("*" | "/" | "%") atom )*
 * atom     := name | name "(" [ expr ("," expr)* ] ")" | string | integer | "(" expr ")" | "-" atom
 * </pre>
 */
final class TemplateParser {
  /** Deepest nesting of calls, parentheses or minus signs in one {@code {...}}. */
  static final int MAX_DEPTH = 32;
  /** Most arithmetic operators in one {@code {...}}. */
  static final int MAX_OPERATORS = 256;
  private static final long MAX_SAFE_INTEGER = 9007199254740991L;

  /** The kinds of expression. */
  enum Type { NAME, STRING, INT, ARITH, CALL }

  /** A parsed expression with its 0-based character offset and source text. */
  static final class Expr {
    final Type type;
    final int position;
    final String source;
    String name;
    String string;
    long value;
    char op;
    Expr left;
    Expr right;
    List<Expr> args;

    Expr(Type type, int position, String source) {
      this.type = type;
      this.position = position;
      this.source = source;
    }

    Expr at(int newPosition, String newSource) {
      Expr e = new Expr(type, newPosition, newSource);
      e.name = name;
      e.string = string;
      e.value = value;
      e.op = op;
      e.left = left;
      e.right = right;
      e.args = args;
      return e;
    }
  }

  /** A top-level piece: literal bytes (expr null) or a {@code {...}} expression. */
  static final class Node {
    final byte[] literal;
    final Expr expr;
    final int position;
    final String source;

    Node(byte[] literal, Expr expr, int position, String source) {
      this.literal = literal;
      this.expr = expr;
      this.position = position;
      this.source = source;
    }
  }

  private TemplateParser() {}

  /** The template as messages quote it: one printable line, at most 120 characters. */
  static String quote(String template) {
    StringBuilder sb = new StringBuilder("\"");
    int n = Math.min(template.length(), 120);
    for (int i = 0; i < n; i++) {
      char c = template.charAt(i);
      sb.append(c < 0x20 || c == 0x7f ? '?' : c);
    }
    if (template.length() > 120) sb.append("...");
    return sb.append('"').toString();
  }

  private static TemplateException syntax(String template, int position, String message) {
    return new TemplateException("TEMPLATE_SYNTAX", "template " + quote(template) + " at position " + position + ": " + message);
  }

  private static int hex(String t, int i) {
    if (i >= t.length()) return -1;
    return Character.digit(t.charAt(i), 16) >= 0 && t.charAt(i) < 128 ? Character.digit(t.charAt(i), 16) : -1;
  }

  /** UTF-8 of literal text as a JavaScript TextEncoder writes it (a lone surrogate becomes U+FFFD). */
  static byte[] literalUtf8(String text) {
    StringBuilder sb = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean lone = Character.isHighSurrogate(c) ? !(i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1)))
          : Character.isLowSurrogate(c) && !(i > 0 && Character.isHighSurrogate(text.charAt(i - 1)));
      if (lone && sb == null) sb = new StringBuilder(text.substring(0, i));
      if (sb != null) sb.append(lone ? '\ufffd' : c);
    }
    return (sb == null ? text : sb.toString()).getBytes(StandardCharsets.UTF_8);
  }

  /** Parses a template into literal and expression nodes; errors as parseTemplate in TypeScript. */
  static List<Node> parse(String template) {
    if (template.isEmpty()) {
      throw new TemplateException("TEMPLATE_EMPTY_KEY", "the template is empty, and HBase has no empty rowkey; write at least one part, e.g. \"{id}\"");
    }
    List<Node> nodes = new ArrayList<>();
    int i = 0;
    while (i < template.length()) {
      if (template.charAt(i) == '{') {
        int close = findClose(template, i);
        Expr expr = new ExprParser(template, i + 1, close).parseWhole();
        nodes.add(new Node(null, expr, i, template.substring(i, close + 1)));
        i = close + 1;
        continue;
      }
      int start = i;
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      while (i < template.length() && template.charAt(i) != '{') {
        char c = template.charAt(i);
        if (c == '}') throw syntax(template, i, "a \"}\" without a \"{\"; write a literal brace as \\x7D");
        if (c == '\\') {
          int hi = hex(template, i + 2);
          int lo = hex(template, i + 3);
          if (i + 1 >= template.length() || template.charAt(i + 1) != 'x' || hi < 0 || lo < 0) {
            throw syntax(template, i, "bad escape \"" + template.substring(i, Math.min(template.length(), i + 4))
                + "\"; write a raw byte as \\xNN (two hex digits), a backslash as \\x5C");
          }
          bytes.write((hi << 4) | lo);
          i += 4;
          continue;
        }
        int j = i;
        while (j < template.length() && "{}\\".indexOf(template.charAt(j)) < 0) j++;
        bytes.writeBytes(literalUtf8(template.substring(i, j)));
        i = j;
      }
      nodes.add(new Node(bytes.toByteArray(), null, start, template.substring(start, i)));
    }
    return nodes;
  }

  private static int findClose(String template, int open) {
    boolean inString = false;
    for (int j = open + 1; j < template.length(); j++) {
      char c = template.charAt(j);
      if (inString) {
        if (c == '\\') j++;
        else if (c == '"') inString = false;
      } else if (c == '"') inString = true;
      else if (c == '{') break;
      else if (c == '}') return j;
    }
    throw syntax(template, open, "unterminated \"{\": every \"{\" needs a matching \"}\"");
  }

  private static boolean isSpace(char c) {
    return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\ufeff';
  }

  private static boolean nameStart(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == '$';
  }

  private static boolean nameChar(char c) {
    return nameStart(c) || (c >= '0' && c <= '9') || c == '.';
  }

  private static final class ExprParser {
    private final String t;
    private final int end;
    private int at;
    private int operators;

    ExprParser(String template, int start, int end) {
      this.t = template;
      this.at = start;
      this.end = end;
    }

    private char ch(int i) {
      return i < t.length() ? t.charAt(i) : '\0';
    }

    Expr parseWhole() {
      space();
      if (at >= end) throw syntax(t, at, "empty \"{}\"; put a field name or a function call inside");
      Expr e = expr(1);
      space();
      if (at < end) throw syntax(t, at, "unexpected \"" + t.charAt(at) + "\" after " + e.source);
      return e;
    }

    private void space() {
      while (at < end && isSpace(t.charAt(at))) at++;
    }

    private Expr expr(int depth) {
      return binary("+-", () -> binary("*/%", () -> atom(depth)));
    }

    private Expr binary(String ops, java.util.function.Supplier<Expr> operand) {
      space();
      int start = at;
      Expr left = operand.get();
      for (;;) {
        space();
        if (at >= end || ops.indexOf(t.charAt(at)) < 0) return left;
        char op = t.charAt(at);
        if (++operators > MAX_OPERATORS) {
          throw new TemplateException("TEMPLATE_TOO_DEEP", "template at position " + at + ": more than " + MAX_OPERATORS
              + " operators in one expression; a rowkey never needs that");
        }
        at++;
        Expr right = operand.get();
        Expr e = new Expr(Type.ARITH, start, t.substring(start, at).trim());
        e.op = op;
        e.left = left;
        e.right = right;
        left = e;
      }
    }

    private void checkDepth(int depth, int start) {
      if (depth >= MAX_DEPTH) {
        throw new TemplateException("TEMPLATE_TOO_DEEP", "template at position " + start + ": calls, parentheses or minus signs are nested more than "
            + MAX_DEPTH + " deep; a rowkey never needs that, write the parts side by side");
      }
    }

    private Expr atom(int depth) {
      space();
      int start = at;
      char c = at < end ? ch(at) : '\0';
      if (c == '(' && at < end) {
        checkDepth(depth, start);
        at++;
        Expr inner = expr(depth + 1);
        space();
        if (at >= end || ch(at) != ')') throw syntax(t, at, "expected \")\" to close the \"(\" at position " + start);
        at++;
        return inner.at(start, t.substring(start, at));
      }
      if (c == '-' && at < end) {
        checkDepth(depth, start);
        at++;
        Expr operand = atom(depth + 1);
        Expr zero = new Expr(Type.INT, start, "0");
        Expr e = new Expr(Type.ARITH, start, t.substring(start, at));
        e.op = '-';
        e.left = zero;
        e.right = operand;
        return e;
      }
      if (c == '"' && at < end) return string();
      if (c >= '0' && c <= '9' && at < end) {
        while (at < end && ch(at) >= '0' && ch(at) <= '9') at++;
        String source = t.substring(start, at);
        long value;
        try {
          value = Long.parseLong(source);
        } catch (NumberFormatException ex) {
          value = Long.MAX_VALUE;
        }
        if (value > MAX_SAFE_INTEGER) throw syntax(t, start, "the number " + source + " is too large");
        Expr e = new Expr(Type.INT, start, source);
        e.value = value;
        return e;
      }
      if (at >= end || !nameStart(c)) {
        throw syntax(t, start, at >= end ? "expected a field name, a call, a string or a number"
            : "unexpected \"" + c + "\"; expected a field name, a call, a string or a number");
      }
      while (at < end && nameChar(ch(at))) at++;
      String name = t.substring(start, at);
      space();
      if (at >= end || ch(at) != '(') {
        Expr e = new Expr(Type.NAME, start, name);
        e.name = name;
        return e;
      }
      checkDepth(depth, start);
      at++;
      List<Expr> args = new ArrayList<>();
      space();
      if (at < end && ch(at) == ')') at++;
      else {
        for (;;) {
          args.add(expr(depth + 1));
          space();
          char sep = at < end ? ch(at) : '\0';
          at++;
          if (sep == ')') break;
          if (sep != ',') throw syntax(t, at - 1, "expected \",\" or \")\" in the arguments of " + name + "(");
        }
      }
      Expr e = new Expr(Type.CALL, start, t.substring(start, at));
      e.name = name;
      e.args = args;
      return e;
    }

    private Expr string() {
      int start = at++;
      StringBuilder value = new StringBuilder();
      for (;;) {
        if (at >= end) throw syntax(t, start, "unterminated string; close it with \"");
        char c = t.charAt(at);
        if (c == '"') break;
        if (c == '\\') {
          char next = ch(at + 1);
          if (next != '"' && next != '\\') throw syntax(t, at, "in a string, only \\\" and \\\\ are escapes");
          value.append(next);
          at += 2;
        } else {
          value.append(c);
          at++;
        }
      }
      at++;
      Expr e = new Expr(Type.STRING, start, t.substring(start, at));
      e.string = value.toString();
      return e;
    }
  }
}
