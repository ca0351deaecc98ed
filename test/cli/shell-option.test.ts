import { describe, expect, it } from 'vitest';
import { exitStatusOf } from '../../src/cli/program.js';
import { SHELL_COMMAND_ENV, shellCommandOf } from '../../src/cli/shell-option.js';
import { HotspotError } from '../../src/util/errors.js';
import { runCapture } from './run-cli.js';

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

describe('exit status', () => {
  it('is 3 when the gateway or the shell failed, 2 for refused input and 4xx, 130 and 1 for a stopped or rejecting backfill', () => {
    const e = (code: string, status?: number) => Object.assign(new HotspotError(code, 'x'), status === undefined ? {} : { status });
    expect([
      exitStatusOf(e('REST_UNREACHABLE')), exitStatusOf(e('REST_TIMEOUT')), exitStatusOf(e('REST_HTTP', 503)), exitStatusOf(e('SHELL_COMMAND_FAILED')),
      exitStatusOf(e('REST_HTTP', 404)), exitStatusOf(e('SHELL_ARGUMENT_INVALID')), exitStatusOf(e('TEMPLATE_SYNTAX')),
      exitStatusOf(e('MIGRATE_BACKFILL_ABORTED')), exitStatusOf(e('MIGRATE_REJECTS')),
    ]).toEqual([3, 3, 3, 3, 2, 2, 2, 130, 1]);
  });

  it('is 3 for a gateway nobody answers at', async () => {
    const r = await runCapture(['lint', '--rest', 'http://127.0.0.1:9', '--table', 't']);
    expect([r.code, r.err]).toEqual([3, expect.stringContaining('could not reach the gateway')]);
  });
});
