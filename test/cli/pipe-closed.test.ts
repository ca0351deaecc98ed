// A reader that stops early (`detect --json | head`) closes the output pipe: the command stops there quietly with
// 141 (128 + SIGPIPE, as a shell reports `yes | head`'s `yes`), with no stack trace on stderr.
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT_PIPE_CLOSED } from '../../src/cli/exit.js';
import { stopQuietlyWhenPipeCloses } from '../../src/cli/pipe-closed.js';
import { formatLoadSeries } from '../../src/model/index.js';
import { region, series, snap } from '../model/builders.js';

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pipe-closed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('output pipe closed by its reader', () => {
  it('EPIPE ends the process with 141; any other stream error is thrown on', () => {
    const stream = new EventEmitter();
    const exits: number[] = [];
    stopQuietlyWhenPipeCloses(stream as never, (code) => exits.push(code));
    stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    expect(exits).toEqual([141]);
    expect(EXIT_PIPE_CLOSED).toBe(128 + 13);
    expect(() => stream.emit('error', Object.assign(new Error('write EIO'), { code: 'EIO' }))).toThrow('write EIO');
    expect(exits).toEqual([141]);
  });

  it('detect --json read 100 bytes of: exit 141, nothing on stderr', async () => {
    // 3,000 regions: about 2 MB of JSON, far more than a pipe holds, so the command is still writing when it closes
    const hex = (i: number) => i.toString(16).padStart(6, '0');
    const layout = Array.from({ length: 3000 }, (_, i) => [`r${i}`, i === 0 ? '' : hex(i), i === 2999 ? '' : hex(i + 1), `rs${i % 7},16020,1`] as const);
    const file = join(dir, 's.ndjson');
    writeFileSync(file, formatLoadSeries(series([0, 1].map((s) => snap(60_000 * (s + 1), layout.map(([e, a, b, srv], i) => region(e, a, b, srv, 0, s * (i === 5 ? 5000 : 10))))))));
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'detect', file, '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => void (err += d.toString()));
    let read = 0;
    child.stdout.on('data', (d: Buffer) => {
      read += d.length;
      if (read >= 100) child.stdout.destroy();
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect({ code, err }).toEqual({ code: 141, err: '' });
  }, 60_000);
});
