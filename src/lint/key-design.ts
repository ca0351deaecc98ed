/**
 * Builds a {@link KeyDesign} from template text with the template compiler (`src/keys/template/`).
 *
 * @module
 */
import { type CompiledTemplate, compileTemplate } from '../keys/template/index.js';
import type { AccessPattern, KeyDesign, SourcePlace } from './model.js';

/**
 * Compiles `template` (unless given compiled, by a caller that needs the compiled template too) and attaches the
 * access patterns and field types it is judged against.
 * @throws HotspotError from the compiler (`TEMPLATE_SYNTAX`, `TEMPLATE_UNKNOWN_FUNCTION`, ...) naming the position,
 *   for template text only.
 */
export function keyDesign(
  template: string | CompiledTemplate,
  access: readonly AccessPattern[],
  fieldTypes?: Readonly<Record<string, string>>,
  table?: string,
  from?: { readonly origin: string; readonly place: SourcePlace },
): KeyDesign {
  const compiled = typeof template === 'string' ? compileTemplate(template) : template;
  return {
    source: compiled.source,
    parts: compiled.parts,
    access,
    ...(fieldTypes === undefined ? {} : { fieldTypes }),
    ...(table === undefined ? {} : { table }),
    ...(from === undefined ? {} : { origin: from.origin, place: from.place }),
  };
}
