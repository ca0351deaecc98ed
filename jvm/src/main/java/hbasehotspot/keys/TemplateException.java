package hbasehotspot.keys;

/**
 * A template or key that cannot be compiled, encoded or decoded, with the same stable {@link #code()} the TypeScript
 * side's {@code HotspotError} carries for the same input ({@code TEMPLATE_SYNTAX}, {@code TEMPLATE_FIELD_MISSING},
 * {@code KEY_DECODE}, ...; see docs/templates.md). The message names the template position (character offset) and,
 * where there is one, the field ({@link #field()}).
 */
public final class TemplateException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String code;
  private final String field;

  /**
   * @param code the stable error code, e.g. {@code TEMPLATE_ARGUMENT}
   * @param message what is wrong, where, and how to fix it
   * @param field the record field concerned, or null
   */
  public TemplateException(String code, String message, String field) {
    super(message);
    this.code = code;
    this.field = field;
  }

  TemplateException(String code, String message) {
    this(code, message, null);
  }

  TemplateException(String code, String message, String field, Throwable cause) {
    this(code, message, field);
    initCause(cause);
  }

  /** The stable error code, the same as the TypeScript side's for the same input. */
  public String code() {
    return code;
  }

  /** The record field the error is about, or null when it concerns the template as a whole. */
  public String field() {
    return field;
  }

  @Override
  public String toString() {
    return code + ": " + getMessage();
  }
}
