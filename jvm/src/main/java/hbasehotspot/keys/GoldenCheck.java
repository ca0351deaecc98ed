package hbasehotspot.keys;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hbase.thirdparty.com.google.gson.JsonElement;
import org.apache.hbase.thirdparty.com.google.gson.JsonObject;
import org.apache.hbase.thirdparty.com.google.gson.JsonParser;

/**
 * Runs the shared golden vectors (test/golden/functions.json, computed by a JDK with test/golden/java/GoldenKeys.java)
 * through {@link RowkeyTemplate}, as the TypeScript tests run them through {@code compileTemplate}: every vector's
 * template must encode its record to its key byte for byte, and must decode the key to its {@code decoded} record
 * (values compared as text) when the vector has one, and must not be decodable when it has none; an error vector's
 * template, record or key must be refused at its stage with its code (and field), as the TypeScript side refuses it.
 *
 * <p>{@code java -cp <classes>:<hbase classpath> hbasehotspot.keys.GoldenCheck [file]}: prints one summary line and
 * exits 0, or prints the first mismatch (section, index, template, record, expected and actual) and exits 1; exit 2
 * when the file cannot be read.
 */
public final class GoldenCheck {
  private GoldenCheck() {}

  /**
   * Checks every vector of the file.
   * @param args the vector file (default test/golden/functions.json, relative to the working directory)
   */
  public static void main(String[] args) {
    Path file = Paths.get(args.length > 0 ? args[0] : "test/golden/functions.json");
    JsonObject root;
    try {
      root = JsonParser.parseString(new String(Files.readAllBytes(file), StandardCharsets.UTF_8)).getAsJsonObject();
    } catch (IOException | RuntimeException e) {
      System.err.println("GoldenCheck: cannot read " + file + ": " + e.getMessage());
      System.exit(2);
      return;
    }
    String failure = null;
    int vectors = 0;
    int decoded = 0;
    int refused = 0;
    int sections = 0;
    for (Map.Entry<String, JsonElement> section : root.entrySet()) {
      if (!section.getValue().isJsonArray()) continue;
      int index = 0;
      boolean any = false;
      for (JsonElement e : section.getValue().getAsJsonArray()) {
        JsonObject v = e.getAsJsonObject();
        if (!v.has("template")) continue;
        any = true;
        String problem = check(v);
        if (problem != null) {
          failure = section.getKey() + "[" + index + "] " + v.get("template").getAsString() + " record " + v.get("record") + ": " + problem;
          break;
        }
        vectors++;
        if (v.has("decoded")) decoded++;
        if (v.has("error")) refused++;
        index++;
      }
      if (failure != null) break;
      if (any) sections++;
    }
    if (failure != null) {
      System.out.println("GoldenCheck: MISMATCH in " + file + ": " + failure);
      System.exit(1);
    }
    System.out.println("GoldenCheck: " + vectors + " vectors in " + sections + " sections of " + file + " agree on the JVM (" + decoded
        + " keys also decode, " + refused + " inputs refused with the same error code)");
  }

  /** An error vector: its stage (compile, encode or decode) must throw its code, naming its field when it has one. */
  static String checkError(JsonObject v) {
    String stage = v.get("stage").getAsString();
    String field = v.has("field") ? v.get("field").getAsString() : null;
    String want = v.get("error").getAsString() + (field == null ? "" : " (field " + field + ")");
    try {
      RowkeyTemplate t = RowkeyTemplate.compile(v.get("template").getAsString());
      if (stage.equals("encode")) t.encode(record(v.getAsJsonObject("record")));
      else if (stage.equals("decode")) t.decode(Bytes.fromHex(v.get("key").getAsString()));
    } catch (TemplateException e) {
      String got = e.code() + (field == null ? "" : " (field " + e.field() + ")");
      return got.equals(want) ? null : "expected " + want + ", got " + got + ": " + e.getMessage();
    } catch (RuntimeException e) {
      return "expected " + want + ", got " + e;
    }
    return "expected " + want + " at " + stage + ", got no error";
  }

  private static Map<String, Object> record(JsonObject o) {
    Map<String, Object> r = new LinkedHashMap<>();
    for (Map.Entry<String, JsonElement> f : o.entrySet()) r.put(f.getKey(), f.getValue().getAsString());
    return r;
  }

  /** The problem with one vector, or null when the JVM agrees with it. */
  static String check(JsonObject v) {
    if (v.has("error")) return checkError(v);
    String template = v.get("template").getAsString();
    String expected = v.get("key").getAsString();
    RowkeyTemplate t;
    byte[] key;
    try {
      t = RowkeyTemplate.compile(template);
      key = t.encode(record(v.getAsJsonObject("record")));
    } catch (TemplateException e) {
      return "expected key " + expected + ", got " + e;
    }
    String got = Bytes.toHex(key);
    if (!got.equals(expected)) return "expected key " + expected + ", got " + got;
    if (!v.has("decoded")) return t.isDecodable() ? "the vector has no decoded record, but the template decodes on the JVM" : null;
    Map<String, Object> want = new TreeMap<>(record(v.getAsJsonObject("decoded")));
    Map<String, Object> back = new TreeMap<>();
    try {
      t.decode(Bytes.fromHex(expected)).forEach((k, x) -> back.put(k, String.valueOf(x)));
    } catch (TemplateException e) {
      return "expected to decode to " + want + ", got " + e;
    }
    return back.equals(want) ? null : "expected to decode to " + want + ", got " + back;
  }
}
