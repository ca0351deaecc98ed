/**
 * `padBytes(x, width, fill)`: x's UTF-8 bytes followed by the byte `fill` up to `width` bytes, as Java writers pad a
 * fixed-width rowkey field: `Arrays.copyOf(x.getBytes(UTF_8), width)` for a `\x00` fill, or an array filled with the
 * byte before x is copied into it (a space, 32, for Phoenix CHAR-like fields).
 */
import { utf8Bytes } from '../../bytes/index.js';
import { HotspotError } from '../../util/errors.js';
import { intArg, textArg } from './args.js';
import type { CompiledCall, FunctionDescriptor } from './descriptor.js';

/** Largest width: HBase's longest rowkey (`HConstants.MAX_ROW_LENGTH`, `Short.MAX_VALUE`). */
const MAX_WIDTH = 32_767;

/** `padBytes(x, width, fill)`; see the module comment. Values wider than `width` are `TEMPLATE_WIDTH_OVERFLOW`. */
export const padBytesFunction: FunctionDescriptor = {
  name: 'padBytes',
  kind: 'padBytes',
  summary: "x's UTF-8 bytes padded with the byte fill (0..127) to width bytes (Arrays.copyOf for fill 0)",
  args: [
    { name: 'x', kind: 'text' },
    { name: 'width', kind: 'int', min: 1, max: MAX_WIDTH },
    { name: 'fill', kind: 'int', min: 0, max: 127 },
  ],
  output: 'bytes',
  oneWay: false,
  compile(site): CompiledCall {
    const x = textArg(site, 0);
    const width = intArg(site, 1);
    const fill = intArg(site, 2);
    const fillChar = String.fromCharCode(fill);
    const inner = x.recoverText?.bind(x);
    return {
      inputs: x.inputs,
      fixedWidth: width,
      alphabet: fill >= 32 && fill < 127 ? 'text' : 'binary',
      order: 'none',
      write(record, out) {
        const bytes = utf8Bytes(x.text(record));
        if (bytes.length > width) {
          const field = x.field ?? x.inputs[0];
          throw new HotspotError(
            'TEMPLATE_WIDTH_OVERFLOW',
            `${site.source} at template position ${site.position}: ${x.source} takes ${bytes.length} bytes, more than the width ${width}; widen the padding`,
            field === undefined ? {} : { field },
          );
        }
        out.writeBytes(bytes);
        out.reserve(width - bytes.length);
        out.bytes.fill(fill, out.length, out.length + width - bytes.length);
        out.length += width - bytes.length;
      },
      ...(inner
        ? {
            recoverText: (text: string) => {
              let end = text.length;
              while (end > 0 && text[end - 1] === fillChar) end--;
              const got = inner(text.slice(0, end));
              return end === text.length || got.trimmed ? got : { ...got, trimmed: true };
            },
          }
        : {}),
    };
  },
};

/** The byte padding family. */
export const padBytesFunctions: readonly FunctionDescriptor[] = [padBytesFunction];
