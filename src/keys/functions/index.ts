/**
 * The template function registry. Each family lives in its own file and exports a list of descriptors; to add a
 * family, write `src/keys/functions/<family>.ts` exporting `FunctionDescriptor`s and add its list below.
 */
import { binaryIntFunctions } from './binary-int.js';
import { compatFunctions } from './compat.js';
import { dateFunctions } from './date.js';
import { digestFunctions } from './digest.js';
import { longFunctions } from './long.js';
import { numberFunctions } from './number.js';
import { padBytesFunctions } from './pad-bytes.js';
import { createFunctionRegistry } from './registry.js';
import { saltFunctions } from './salt.js';
import { textFunctions } from './text.js';

export type { ArgKind, ArgSpec, CallSite, CompiledArg, CompiledCall, FunctionDescriptor, TextExpr } from './descriptor.js';
export { KeyBuffer } from './key-buffer.js';
export { createFunctionRegistry, requireFunction, type FunctionRegistry } from './registry.js';
export { fieldLong, fieldText, normalizeLong, requireField, type ValueSite } from './values.js';
export { hashText, textArg, fieldArg, intArg, stringArg, asciiBytes } from './args.js';
export { saltWidth, bucketWidth, javaBucket } from './salt.js';
export { reverseCodePoints } from './text.js';

/** Every built-in function, in the order help lists them. */
export const builtinFunctions = [
  ...textFunctions,
  ...saltFunctions,
  ...digestFunctions,
  ...numberFunctions,
  ...padBytesFunctions,
  ...longFunctions,
  ...binaryIntFunctions,
  ...dateFunctions,
  ...compatFunctions,
];

/** The registry templates compile against by default. */
export const defaultFunctions = createFunctionRegistry(builtinFunctions);
