/**
 * Inputs that once took seconds (or hung) because a scan was quadratic or a regex backtracked: each is run at a size
 * where the old code took several seconds, and the result is checked (the test's own time limit catches a relapse).
 */
import { describe, expect, it } from 'vitest';
import { toStringBinary } from '../../src/bytes/index.js';
import { parseFamiliesText } from '../../src/cli/commands/splits-families.js';
import { compileTemplate } from '../../src/keys/template/compile.js';
import { parseHbaseEnv } from '../../src/lint/site/env-sh.js';

describe('hbase-env.sh', () => {
  it('a value with a long run of blanks and no # (100 KB: the comment regex backtracked for 11 s)', () => {
    const jvm = parseHbaseEnv(`export HBASE_OPTS=-Xmx1g${' '.repeat(100_000)}-XX:+UseG1GC\n`, 'hbase-env.sh');
    expect(jvm.heapBytes).toBe(1024 ** 3);
    expect(jvm.collector).toBe('G1');
    expect(jvm.places['collector']).toEqual({ file: 'hbase-env.sh', line: 1, column: 19 + 6 + 100_000 });
  });

  it('a quoted value of 50,000 lines of flags (each flag counted the line ends before it again)', () => {
    const jvm = parseHbaseEnv(`HBASE_OPTS="${'-XX:+UseG1GC\n'.repeat(50_000)}-Xmx4g -XX:+UseZGC"\n`, 'e.sh');
    expect(jvm.heapBytes).toBe(4 * 1024 ** 3);
    expect(jvm.collector).toBe('ZGC');
    expect(jvm.places['heap']).toEqual({ file: 'e.sh', line: 50_001, column: 1 });
    expect(jvm.places['collector']).toEqual({ file: 'e.sh', line: 50_001, column: 8 });
  });
});

describe('template compile', () => {
  it('a 5 MB literal compiles and encodes (it took over 25 s: every byte was a statement of generated code)', () => {
    const t = compileTemplate(`${'x'.repeat(5_000_000)}{id}`);
    const key = t.encode({ id: 'a' });
    expect(key.length).toBe(5_000_001);
    expect(key[4_999_999]).toBe(0x78);
    expect(key[5_000_000]).toBe(0x61);
  });

  it('100,000 string parts merge into one literal (they were joined pairwise, copying the key each time)', () => {
    const t = compileTemplate(`{id}${'{"ab"}'.repeat(100_000)}`);
    expect(t.parts).toHaveLength(2);
    expect(t.encode({ id: 'z' }).length).toBe(200_001);
  });

  it('long literals between fields still encode and decode', () => {
    const lit = 'y'.repeat(40);
    const t = compileTemplate(`{a}${lit}{b}`);
    const key = t.encode({ a: 'p', b: 'q' });
    expect(toStringBinary(key)).toBe(`p${lit}q`);
    expect(t.decode(key)).toEqual({ a: 'p', b: 'q' });
  });
});

describe('splits --families', () => {
  it('a 64 KB line of errors is refused at its first error (pretty errors quoted the line once per error: 6.8 s)', () => {
    expect(() => parseFamiliesText(']'.repeat(64_000), 'f.yaml')).toThrow(expect.objectContaining({ code: 'FAMILIES_FILE_INVALID', where: { file: 'f.yaml', line: 1 } }));
  });
});
