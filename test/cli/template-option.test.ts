// A template given as an option value or as a command's argument that does not compile names the option or the
// argument (as the error's field and at the start of the message) and keeps the compiler's code and its message with the position in the template.
import { describe, expect, it } from 'vitest';
import { compileTemplateOption, withTemplateOption } from '../../src/cli/template-option.js';
import { HotspotError } from '../../src/util/errors.js';
import { runCapture, runRefusal } from './run-cli.js';

const CLOSED = 'http://127.0.0.1:9';
const UNCLOSED = 'template "{ts" at position 0: unterminated "{": every "{" needs a matching "}"';

describe('lint --template', () => {
  it('an unclosed brace is refused with exit 2, naming --template and the position', async () => {
    const r = await runCapture(['lint', '--template', '{ts']);
    expect([r.code, r.out, r.err]).toEqual([2, '', `hbase-hotspot: --template: ${UNCLOSED}\n`]);
    expect(await runRefusal(['lint', '--template', '{ts'])).toEqual({ code: 'TEMPLATE_SYNTAX', field: '--template', message: `--template: ${UNCLOSED}` });
  });

  it('the second of two templates, an unknown function, and an empty template name it too', async () => {
    const unknown = await runRefusal(['lint', '--template', '{id}', '--template', '{nope(id)}']);
    expect([unknown.code, unknown.field]).toEqual(['TEMPLATE_UNKNOWN_FUNCTION', '--template']);
    expect(unknown.message).toMatch(/^--template: unknown function "nope" at template position 1; /);
    const empty = await runRefusal(['lint', '--template', '']);
    expect([empty.code, empty.field, empty.message.startsWith('--template: ')]).toEqual(['TEMPLATE_EMPTY_KEY', '--template', true]);
  });
});

describe('the other commands that take a template option', () => {
  it.each([
    [['splits', '--template', '{ts'], '--template'],
    [['lifecycle', 'partitions', '--base', 'e', '--family', 'd', '--template', '{ts', '--existing', 'e_202601'], '--template'],
    [['load', '--rest', CLOSED, '--table', 't', '--template', '{ts', '--rate', '1', '--entities', '1'], '--template'],
    [['migrate', 'plan', '--rest', CLOSED, '--from', 'a', '--to', 'b', '--old-template', '{ts', '--new-template', '{ts}'], '--old-template'],
    [['migrate', 'plan', '--rest', CLOSED, '--from', 'a', '--to', 'b', '--old-template', '{ts}', '--new-template', '{ts'], '--new-template'],
  ])('%j names %s', async (argv, field) => {
    expect(await runRefusal(argv)).toEqual({ code: 'TEMPLATE_SYNTAX', field, message: `${field}: ${UNCLOSED}` });
  });
});

describe('the key commands that take the template as their argument', () => {
  const ARG = 'the template argument';
  it.each([
    [['key', 'encode', '{ts', '--record', '{"ts": 1}']],
    [['key', 'decode', '{ts', 'abc']],
    [['key', 'explain', '{ts']],
    [['key', 'explain', '{ts', '--fields', 'ts:epochMs']],
    [['key', 'scan', '{ts', '--where', '{}']],
  ])('%j names the argument', async (argv) => {
    expect(await runRefusal(argv)).toEqual({ code: 'TEMPLATE_SYNTAX', field: ARG, message: `${ARG}: ${UNCLOSED}` });
  });

  it('an unknown function is named at the argument too, and printed with exit 2', async () => {
    const unknown = await runRefusal(['key', 'scan', '{nope(id)}']);
    expect([unknown.code, unknown.field]).toEqual(['TEMPLATE_UNKNOWN_FUNCTION', ARG]);
    expect(unknown.message).toMatch(/^the template argument: unknown function "nope" at template position 1; /);
    const r = await runCapture(['key', 'decode', '{ts', 'abc']);
    expect([r.code, r.out, r.err]).toEqual([2, '', `hbase-hotspot: ${ARG}: ${UNCLOSED}\n`]);
  });
});

describe('withTemplateOption', () => {
  it('passes through a value, an error that already names a place, and an error that is not a template error', () => {
    expect(withTemplateOption('--template', () => 7)).toBe(7);
    const placed = new HotspotError('TEMPLATE_SYNTAX', 'x', { file: 'design.yaml', line: 3 });
    expect(() => withTemplateOption('--template', () => { throw placed; })).toThrow(placed);
    const other = new HotspotError('SPLIT_TEMPLATE_NO_SALT', 'y');
    expect(() => withTemplateOption('--template', () => { throw other; })).toThrow(other);
  });

  it('compileTemplateOption compiles a good template', () => {
    expect(compileTemplateOption('{id}_{ts}', '--template').fields).toEqual(['id', 'ts']);
  });
});
