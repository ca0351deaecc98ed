/**
 * Array helpers safe at any length. `Math.max(...values)` and `target.push(...items)` pass every element as a call
 * argument, which overflows the call stack above roughly 125,000 elements (a cluster's regions, a table's rows); these
 * loop instead.
 */

/**
 * The largest of `values` and `floor`, exactly as `Math.max(floor, ...values)` gives it (NaN when any is NaN), without
 * spreading them into a call.
 * @param floor - the result for an empty array (default `-Infinity`, what `Math.max()` returns).
 */
export function maxOf(values: ArrayLike<number>, floor = -Infinity): number {
  let max = floor;
  for (let i = 0; i < values.length; i++) max = Math.max(max, values[i] as number);
  return max;
}

/**
 * The smallest of `values` and `ceiling`, exactly as `Math.min(ceiling, ...values)` gives it, without spreading them
 * into a call.
 * @param ceiling - the result for an empty array (default `Infinity`, what `Math.min()` returns).
 */
export function minOf(values: ArrayLike<number>, ceiling = Infinity): number {
  let min = ceiling;
  for (let i = 0; i < values.length; i++) min = Math.min(min, values[i] as number);
  return min;
}

/** Appends every item to `target` in order (what `target.push(...items)` does, at any length); returns `target`. */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
