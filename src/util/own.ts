/**
 * Field names from input are data: looked up and set only as an object's own properties, so `constructor`,
 * `toString` or `__proto__` never reach the object prototype.
 *
 * @module
 */

/** `table[key]` when `key` is the table's own property, else `undefined` (never an `Object.prototype` member). */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}

/** Sets `obj[key] = value` as an own, enumerable property: a key `__proto__` is stored, not taken as the prototype. */
export function setOwn<T>(obj: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
