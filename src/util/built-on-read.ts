/**
 * A field whose value is built when first read: a result or a snapshot held in columns gives its list of objects
 * only to a caller that reads it, and is from then on a plain object.
 *
 * @module
 */

/** Node's `util.inspect.custom`, by its registered name (no import of `node:util` here). */
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** Makes `key` a plain, writable, enumerable field of `target` holding `value`, in the place it had among the fields. */
function plainField(target: object, key: PropertyKey, value: unknown): void {
  Object.defineProperty(target, key, { value, configurable: true, enumerable: true, writable: true });
}

/**
 * Makes `target[key]` an enumerable accessor that, when first read, calls `build()`, makes the field a plain one
 * holding what it built and returns that; assigning the field makes it a plain one holding what was assigned. Either
 * way `settled(target)` is called first (the caller lets go of what `build` would have read). `JSON.stringify`,
 * spreads and deep comparisons read the field as any other; `util.inspect` (console.log, the REPL), which would show
 * the accessor as [Getter/Setter], reads it first and shows the plain object, at the depth where it stands. An object
 * made with `target` as its prototype reads and assigns the field on itself, and is shown as Node shows it.
 */
export function builtOnRead<T extends object, K extends keyof T>(target: T, key: K, build: () => T[K], settled: (target: T) => void): void {
  Object.defineProperty(target, INSPECT, {
    configurable: true,
    enumerable: false,
    value(this: T, depth: number | null, options: object, inspect: (value: unknown, options: object) => string): string {
      if (!Object.prototype.hasOwnProperty.call(this, INSPECT)) return inspect(this, { ...options, depth, customInspect: false });
      void this[key];
      delete (this as Record<symbol, unknown>)[INSPECT];
      return inspect(this, { ...options, depth });
    },
  });
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get(this: T): T[K] {
      const value = build();
      settled(this);
      plainField(this, key, value);
      return value;
    },
    set(this: T, value: T[K]) {
      settled(this);
      plainField(this, key, value);
    },
  });
}
