import { describe, expect, it } from 'vitest';
import { SHELL_COMMAND_ENV, shellCommandOf } from '../../src/cli/shell-option.js';

describe('shellCommandOf', () => {
  it('takes --shell-cmd first, then the environment, then hbase shell from the PATH', () => {
    const env = { [SHELL_COMMAND_ENV]: '/opt/hbase/bin/hbase shell' };
    expect(shellCommandOf({ shellCmd: ' hbase  --config /etc/hbase/conf shell ' }, env)).toEqual(['hbase', '--config', '/etc/hbase/conf', 'shell']);
    expect(shellCommandOf({}, env)).toEqual(['/opt/hbase/bin/hbase', 'shell']);
    expect(shellCommandOf({}, {})).toEqual(['hbase', 'shell']);
    expect(shellCommandOf({}, { [SHELL_COMMAND_ENV]: '  ' })).toEqual(['hbase', 'shell']);
  });

  it('reads a JSON array, for paths with blanks', () => {
    expect(shellCommandOf({}, { [SHELL_COMMAND_ENV]: '["/opt/my hbase/bin/hbase", "shell"]' })).toEqual(['/opt/my hbase/bin/hbase', 'shell']);
  });

  it('names the option or variable that is empty or malformed', () => {
    expect(() => shellCommandOf({ shellCmd: '  ' })).toThrow(expect.objectContaining({ code: 'SHELL_COMMAND_INVALID', where: { field: '--shell-cmd' } }));
    expect(() => shellCommandOf({}, { [SHELL_COMMAND_ENV]: '[1, 2]' })).toThrow(/HBASE_HOTSPOT_SHELL must be a JSON array of non-empty strings/);
    expect(() => shellCommandOf({}, { [SHELL_COMMAND_ENV]: '[oops' })).toThrow(/starts with "\[" but is not a JSON array/);
  });
});
