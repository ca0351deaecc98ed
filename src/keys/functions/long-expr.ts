/**
 * Arithmetic in template arguments, `ts / 3600000 * 3600` or `ts % 5`, evaluated as Java evaluates `long`
 * expressions: 64-bit two's complement wrap-around on overflow, division truncating toward zero, and a remainder
 * with the sign of the dividend (`-7 % 5 == -2`, `7 % -5 == 2`). Division by zero (Java's `ArithmeticException`) is
 * `TEMPLATE_VALUE_RANGE`.
 */
import { HotspotError } from '../../util/errors.js';
import type { LongExpr } from './descriptor.js';
import { normalizeLong } from './values.js';

/** The operators, by precedence: `*` `/` `%` bind tighter than `+` `-`; all associate to the left. */
export type ArithOp = '+' | '-' | '*' | '/' | '%';

/** An integer literal as a long expression. */
export function literalLong(value: number, source: string, position: number): LongExpr {
  return { source, position, inputs: [], name: source, read: () => value };
}

/** One Java long operation on two values (numbers when safe integers, else bigints); `undefined` for a division by 0. */
export function javaLongOp(op: ArithOp, a: number | bigint, b: number | bigint): number | bigint | undefined {
  if (typeof a === 'number' && typeof b === 'number') {
    let r: number;
    switch (op) {
      case '+': r = a + b; break;
      case '-': r = a - b; break;
      case '*': r = a * b; break;
      case '%':
        if (b === 0) return undefined;
        return a % b === 0 ? 0 : a % b;
      case '/': {
        if (b === 0) return undefined;
        // a - a % b is an exact multiple of b, so the quotient is exact in a double.
        const q = (a - (a % b)) / b;
        return q === 0 ? 0 : q;
      }
    }
    if (Number.isSafeInteger(r)) return r === 0 ? 0 : r;
  }
  const x = BigInt(a);
  const y = BigInt(b);
  if ((op === '/' || op === '%') && y === 0n) return undefined;
  let r: bigint;
  switch (op) {
    case '+': r = x + y; break;
    case '-': r = x - y; break;
    case '*': r = x * y; break;
    case '/': r = x / y; break;
    case '%': r = x % y; break;
  }
  return normalizeLong(BigInt.asIntN(64, r));
}

/** `left op right` as a long expression; `source` and `position` name it in errors. */
export function arithmetic(op: ArithOp, left: LongExpr, right: LongExpr, source: string, position: number): LongExpr {
  const inputs = [...new Set([...left.inputs, ...right.inputs])];
  return {
    source,
    position,
    inputs,
    name: source,
    read(record) {
      const b = right.read(record);
      const r = javaLongOp(op, left.read(record), b);
      if (r === undefined) {
        throw new HotspotError(
          'TEMPLATE_VALUE_RANGE',
          `${source} at template position ${position}: ${right.source} is 0, and a long division by zero has no value (Java throws ArithmeticException)`,
          inputs.length > 0 ? { field: inputs[0] as string } : {},
        );
      }
      return r;
    },
  };
}
