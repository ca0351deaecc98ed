import { HotspotError } from '../../util/errors.js';
import type { FunctionDescriptor } from './descriptor.js';

/** The functions a template may call, by name. Build one with {@link createFunctionRegistry}. */
export interface FunctionRegistry {
  /** The descriptor named `name`, or `undefined`. */
  get(name: string): FunctionDescriptor | undefined;
  /** Every descriptor, in registration order (for help and `key explain`). */
  readonly all: readonly FunctionDescriptor[];
}

/**
 * Builds a registry from descriptors.
 * @throws Error when two descriptors share a name (a programming error, caught by the tests).
 */
export function createFunctionRegistry(descriptors: readonly FunctionDescriptor[]): FunctionRegistry {
  const byName = new Map<string, FunctionDescriptor>();
  for (const d of descriptors) {
    if (byName.has(d.name)) throw new Error(`template function "${d.name}" is registered twice`);
    byName.set(d.name, d);
  }
  return { get: (name) => byName.get(name), all: [...descriptors] };
}

/**
 * Looks up a function for a call at `position`, or throws `TEMPLATE_UNKNOWN_FUNCTION` listing the known names.
 */
export function requireFunction(registry: FunctionRegistry, name: string, position: number): FunctionDescriptor {
  const d = registry.get(name);
  if (d) return d;
  const known = registry.all.map((f) => f.name).join(', ');
  throw new HotspotError(
    'TEMPLATE_UNKNOWN_FUNCTION',
    `unknown function "${name}" at template position ${position}; known functions: ${known}`,
  );
}
