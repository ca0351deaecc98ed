// `--interval` (and `--timeout`) on the commands reading a load series: a bad duration is refused naming the option
// whatever the source, and `--interval`, the time between live snapshots or pasted captures, is refused beside a
// series file, whose snapshots carry their own times; `--snapshots` and `--timeout`, which only a live read uses, are
// refused beside a series file or pasted captures.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCapture, runRefusal } from './run-cli.js';

const TAIL = fileURLToPath(new URL('../fixtures/series/tail-hex-presplit.ndjson', import.meta.url));
const LIST_REGIONS = fileURLToPath(new URL('../fixtures/shell/list-regions.txt', import.meta.url));
const NOT_A_DURATION = 'use a number of seconds or forms like 45s, 15m, 1h, 1h30m, 2d, 250ms';

describe('--interval and --timeout on a load series', () => {
  it.each(['detect', 'fix plan'])('%s <series> --interval 5x: refused as no duration, naming --interval', async (name) => {
    const command = name.split(' ');
    expect(await runCapture([...command, TAIL, '--interval', '5x']))
      .toEqual({ code: 2, out: '', err: `hbase-hotspot: --interval: "5x" is not a duration; ${NOT_A_DURATION}\n` });
  });

  it.each(['detect', 'fix plan'])('%s <series> --interval 30s: refused, the series file has its own times', async (name) => {
    const command = name.split(' ');
    expect(await runCapture([...command, TAIL, '--interval', '30s'])).toEqual({
      code: 2, out: '',
      err: `hbase-hotspot: --interval is the time between live snapshots or between pasted captures; ${TAIL} is a load-series file, whose snapshots carry their own times: drop --interval\n`,
    });
  });

  it('a series on stdin is named <stdin>', async () => {
    expect(await runRefusal(['detect', '-', '--interval', '30s'])).toEqual({
      code: 'DETECT_OPTION_CONFLICT', field: '--interval',
      message: '--interval is the time between live snapshots or between pasted captures; <stdin> is a load-series file, whose snapshots carry their own times: drop --interval',
    });
  });

  it('pasted captures: a bad --interval or --timeout is refused, not dropped', async () => {
    expect(await runCapture(['detect', '--list-regions', LIST_REGIONS, '--interval', '5x']))
      .toEqual({ code: 2, out: '', err: `hbase-hotspot: --interval: "5x" is not a duration; ${NOT_A_DURATION}\n` });
    expect(await runCapture(['detect', TAIL, '--timeout', 'soon']))
      .toEqual({ code: 2, out: '', err: `hbase-hotspot: --timeout: "soon" is not a duration; ${NOT_A_DURATION}\n` });
    expect(await runRefusal(['fix', 'plan', '--list-regions', LIST_REGIONS, '--interval', '0'])).toEqual({ code: 'DURATION_INVALID', field: '--interval', message: '--interval 0 must be above 0, e.g. --interval 30s' });
  });

  it.each([['detect', '--snapshots', '6'], ['fix plan', '--timeout', '5s'], ['fix balancer', '--snapshots', '3']])('%s <series> %s %s: refused, only a live read takes it', async (name, option, value) => {
    expect(await runRefusal([...name.split(' '), TAIL, option, value])).toEqual({
      code: 'DETECT_OPTION_CONFLICT', field: option,
      message: `${option} applies to a live read (--rest, --jmx, --zk), not to the load-series file ${TAIL}, whose readings are already taken: drop ${option}`,
    });
  });

  it('pasted captures: --timeout is refused; a bad --snapshots is refused as one whatever the source', async () => {
    expect(await runRefusal(['detect', '--list-regions', LIST_REGIONS, '--timeout', '5s'])).toEqual({
      code: 'DETECT_OPTION_CONFLICT', field: '--timeout',
      message: '--timeout applies to a live read (--rest, --jmx, --zk), not to pasted list_regions captures, whose readings are already taken: drop --timeout',
    });
    expect(await runRefusal(['detect', TAIL, '--snapshots', '1'])).toEqual({
      code: 'DETECT_SNAPSHOTS_INVALID', field: '--snapshots',
      message: '--snapshots 1: give a whole number ≥ 2 (rates need two snapshots), e.g. --snapshots 4',
    });
  });

  it('pasted captures that all carry "# at" lines: --interval is refused; captures without them take it', async () => {
    // the recording has two captures, each after its "# at" line: they are timed, --interval would only move the gap test
    expect(await runRefusal(['detect', '--list-regions', LIST_REGIONS, '--interval', '30s'])).toEqual({
      code: 'DETECT_OPTION_CONFLICT', field: '--interval',
      message: '--interval is the time between pasted captures without "# at" lines; every capture given carries one, which times it: drop --interval',
    });
    // the same two captures, one per file without their "# at" lines, 60 s apart: 380 → 710 requests of ["m", ""),
    // 330 ÷ 60 = 5.5 requests/s
    const dir = mkdtempSync(join(tmpdir(), 'interval-'));
    const [first, second] = readFileSync(LIST_REGIONS, 'utf8').split(/^# at .*\n/m).filter((c) => c.trim() !== '');
    const files = [join(dir, 'a.txt'), join(dir, 'b.txt')];
    writeFileSync(files[0]!, first!);
    writeFileSync(files[1]!, second!);
    const r = await runCapture(['detect', '--list-regions', ...files, '--interval', '60s', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).now.regionRequestsPerSec).toBeCloseTo(5.5, 12);
  });

  it('a series file without --interval is still analysed', async () => {
    const r = await runCapture(['detect', TAIL, '--json']);
    expect([r.code, r.err]).toEqual([0, '']);
    expect(JSON.parse(r.out)).toHaveProperty('shape');
  });
});
