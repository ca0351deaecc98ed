/**
 * Rowkey templates given as option values (`lint --template`, `splits --template`, `migrate --old-template`, ...) or as
 * the positional argument of `key encode`, `key decode`, `key explain` and `key scan`. The template compiler names the
 * position in the template but not the option or argument the template came from; these name it.
 *
 * @module
 */
import { type CompiledTemplate, compileTemplate } from '../keys/template/index.js';
import { HotspotError, formatWhere, isHotspotError } from '../util/errors.js';

/**
 * How errors name the template given as a positional argument (`key encode '<template>'`, ...), as they name a
 * template option by its flag: the error's field, and the start of its message.
 */
export const TEMPLATE_ARGUMENT = 'the template argument';

/**
 * Runs `read`, which compiles the template given with the option `field`, and names that option on a template error
 * it throws: the error keeps its code (`TEMPLATE_SYNTAX`, ...) and the compiler's message with the position, prefixed
 * with the option (`--template: template "{ts" at position 0: ...`), and gets `field` as its field. Any other error,
 * or one that already names a place (a file, a field), passes unchanged.
 * @returns what `read` returns.
 * @throws {@link HotspotError} the template compiler's codes (`TEMPLATE_*`) with `field`; whatever else `read` throws.
 */
export function withTemplateOption<T>(field: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (!isHotspotError(err) || !err.code.startsWith('TEMPLATE_') || formatWhere(err.where) !== '') throw err;
    throw new HotspotError(err.code, err.message, { field, cause: err });
  }
}

/**
 * Compiles the template given with the option `field` (e.g. `--template`), or as the positional argument
 * ({@link TEMPLATE_ARGUMENT}).
 * @throws {@link HotspotError} the template compiler's codes (`TEMPLATE_SYNTAX`, `TEMPLATE_UNKNOWN_FUNCTION`, ...),
 *   naming `field` and the position in the template (see {@link withTemplateOption}).
 */
export function compileTemplateOption(text: string, field: string): CompiledTemplate {
  return withTemplateOption(field, () => compileTemplate(text));
}
