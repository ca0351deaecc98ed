// Arithmetic in template arguments stays within the parser's limits: nesting by parentheses or minus signs counts
// like nested calls, and one expression holds at most TEMPLATE_MAX_OPERATORS operators, so hostile templates are
// typed errors, never a stack overflow in the parser or the compiler.
import { describe, expect, it } from 'vitest';
import { compileTemplate } from '../../../src/keys/template/index.js';
import { TEMPLATE_MAX_DEPTH, TEMPLATE_MAX_OPERATORS } from '../../../src/keys/template/parse.js';

const code = (template: string): string | undefined => {
  try {
    compileTemplate(template);
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  }
};

describe('arithmetic limits', () => {
  it('refuses parentheses and minus signs nested past the depth limit, accepts them up to it', () => {
    expect(code(`{pad(${'('.repeat(TEMPLATE_MAX_DEPTH - 2)}ts${')'.repeat(TEMPLATE_MAX_DEPTH - 2)},20)}`)).toBeUndefined();
    expect(code(`{pad(${'('.repeat(5000)}ts${')'.repeat(5000)},20)}`)).toBe('TEMPLATE_TOO_DEEP');
    expect(code(`{pad(${'-'.repeat(5000)}ts,20)}`)).toBe('TEMPLATE_TOO_DEEP');
  });

  it('refuses more operators than the limit in one expression', () => {
    expect(code(`{pad(ts${'+1'.repeat(TEMPLATE_MAX_OPERATORS)},20)}`)).toBeUndefined();
    expect(code(`{pad(ts${'+1'.repeat(100_000)},20)}`)).toBe('TEMPLATE_TOO_DEEP');
  });
});
