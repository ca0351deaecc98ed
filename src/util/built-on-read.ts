/**
 * A field whose value is built when first read: a result or a snapshot held in columns gives its list of objects
 * only to a caller that reads it, and is from then on a plain object.
 *
 * @module
 */

/** Node's `util.inspect.custom`, by its registered name (no import of `node:util` here). */
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * What the fields of a sealed or frozen target hold once built or assigned, by field: such a field stays the accessor
 * (a non-configurable property cannot become a plain one), which reads it from here.
 */
const held = new WeakMap<object, Map<PropertyKey, unknown>>();

/**
 * Makes `key` a plain, writable, enumerable field of `target` holding `value`, in the place it had among the fields;
 * on a sealed or frozen target, whose accessor cannot be replaced, keeps `value` for the accessor to give instead.
 */
function plainField(target: object, key: PropertyKey, value: unknown): void {
  if (Reflect.defineProperty(target, key, { value, configurable: true, enumerable: true, writable: true })) return;
  let fields = held.get(target);
  if (fields === undefined) held.set(target, (fields = new Map()));
  fields.set(key, value);
}

/**
 * Makes `target[key]` an enumerable accessor that, when first read, calls `build()`, makes the field a plain one
 * holding what it built and returns that; assigning the field makes it a plain one holding what was assigned. Either
 * way `settled(target)` is called first (the caller lets go of what `build` would have read). `JSON.stringify`,
 * spreads and deep comparisons read the field as any other; `util.inspect` (console.log, the REPL), which would show
 * the accessor as [Getter/Setter], reads it first and shows the plain object, at the depth where it stands. An object
 * made with `target` as its prototype reads and assigns the field on itself, and is shown as Node shows it. On a
 * sealed or frozen `target` the field stays the accessor, giving what was built or assigned: it is read and assigned
 * as a plain field of such an object is (assigning a frozen one's throws a `TypeError`).
 */
export function builtOnRead<T extends object, K extends keyof T>(target: T, key: K, build: () => T[K], settled: (target: T) => void): void {
  Object.defineProperty(target, INSPECT, {
    configurable: true,
    enumerable: false,
    value(this: T, depth: number | null, options: object, inspect: (value: unknown, options: object) => string): string {
      if (!Object.prototype.hasOwnProperty.call(this, INSPECT)) return inspect(this, { ...options, depth, customInspect: false });
      void this[key];
      // a sealed or frozen object keeps its accessor and this method: it is shown as the plain object it stands for
      if (!Reflect.deleteProperty(this, INSPECT)) return inspect({ ...this }, { ...options, depth });
      return inspect(this, { ...options, depth });
    },
  });
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get(this: T): T[K] {
      const fields = held.get(this);
      if (fields?.has(key)) return fields.get(key) as T[K];
      const value = build();
      settled(this);
      plainField(this, key, value);
      return value;
    },
    set(this: T, value: T[K]) {
      // a frozen object's field is read-only, as a plain one would be (assigning it throws in strict code)
      if (Object.isFrozen(this)) throw new TypeError(`Cannot assign to read only property '${String(key)}' of object '#<Object>'`);
      settled(this);
      plainField(this, key, value);
    },
  });
}
