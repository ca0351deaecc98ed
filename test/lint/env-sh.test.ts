import { describe, expect, it } from 'vitest';
import { parseHbaseEnv, parseJvmSize } from '../../src/lint/site/env-sh.js';
import { errorOf, fixture } from './helpers.js';

describe('parseHbaseEnv', () => {
  it('reads heap, pause target, direct memory and collector from a multi-line HBASE_REGIONSERVER_OPTS', () => {
    const jvm = parseHbaseEnv(fixture('regionserver-env.sh'), 'env.sh');
    expect(jvm).toEqual({
      heapBytes: 24 * 1024 ** 3,
      maxDirectMemoryBytes: 16 * 1024 ** 3,
      collector: 'G1',
      maxGcPauseMs: 150,
      places: {
        heap: { file: 'env.sh', line: 4, column: 11 },
        maxDirectMemory: { file: 'env.sh', line: 5, column: 3 },
        collector: { file: 'env.sh', line: 6, column: 3 },
        maxGcPause: { file: 'env.sh', line: 7, column: 3 },
      },
    });
  });

  it('reads HBASE_HEAPSIZE in MB when no -Xmx is given, and single-line options', () => {
    const jvm = parseHbaseEnv('HBASE_HEAPSIZE=8000\nexport HBASE_OPTS="-XX:+UseConcMarkSweepGC -XX:MaxGCPauseMillis=6000"\n', 'e.sh');
    expect(jvm.heapBytes).toBe(8000 * 1048576);
    expect(jvm.collector).toBe('CMS');
    expect(jvm.maxGcPauseMs).toBe(6000);
    expect(jvm.places['maxGcPause']).toEqual({ file: 'e.sh', line: 2, column: 44 });
  });

  it('reads HBASE_OFFHEAPSIZE as -XX:MaxDirectMemorySize, MB without a unit, as bin/hbase passes it', () => {
    // bin/hbase: JAVA_OFFHEAP_MAX="-XX:MaxDirectMemorySize=$(add_size_suffix $HBASE_OFFHEAPSIZE)"
    expect(parseHbaseEnv('export HBASE_HEAPSIZE=8G\nexport HBASE_OFFHEAPSIZE=16G\n', 'e.sh')).toEqual({
      heapBytes: 8 * 1024 ** 3,
      maxDirectMemoryBytes: 16 * 1024 ** 3,
      places: { heap: { file: 'e.sh', line: 1, column: 23 }, maxDirectMemory: { file: 'e.sh', line: 2, column: 26 } },
    });
    expect(parseHbaseEnv('HBASE_OFFHEAPSIZE=5120\n', 'e.sh').maxDirectMemoryBytes).toBe(5120 * 1048576);
    // a flag in the options comes later on the command line and wins
    expect(parseHbaseEnv('HBASE_OFFHEAPSIZE=5120\nHBASE_REGIONSERVER_OPTS="-XX:MaxDirectMemorySize=6g"\n', 'e.sh').maxDirectMemoryBytes).toBe(6 * 1024 ** 3);
  });

  it('takes HBASE_REGIONSERVER_OPTS after HBASE_OPTS whatever their order in the file, as bin/hbase appends it', () => {
    // bin/hbase regionserver: HBASE_OPTS="$HBASE_OPTS $HBASE_REGIONSERVER_OPTS"; the JVM keeps the last -Xmx
    const jvm = parseHbaseEnv('export HBASE_REGIONSERVER_OPTS="-Xmx8g -XX:MaxGCPauseMillis=200"\nexport HBASE_OPTS="-Xmx32g -XX:MaxGCPauseMillis=6000 -XX:+UseG1GC"\n', 'e.sh');
    expect([jvm.heapBytes, jvm.maxGcPauseMs, jvm.collector]).toEqual([8 * 1024 ** 3, 200, 'G1']);
    expect(jvm.places['heap']).toEqual({ file: 'e.sh', line: 1, column: 33 });
  });

  it('lets a later assignment replace a variable, or add to it when it names the variable itself', () => {
    expect(parseHbaseEnv('HBASE_OPTS="-Xmx4g"\nHBASE_OPTS="-XX:+UseG1GC"\n', 'e.sh')).toEqual({ collector: 'G1', places: { collector: { file: 'e.sh', line: 2, column: 13 } } });
    const added = parseHbaseEnv('HBASE_OPTS="-Xmx4g"\nexport HBASE_OPTS="${HBASE_OPTS} -XX:+UseG1GC"\nHBASE_OPTS="$HBASE_OPTS -Xmx6g"\n', 'e.sh');
    expect([added.heapBytes, added.collector]).toEqual([6 * 1024 ** 3, 'G1']);
    // an empty HBASE_HEAPSIZE sets no -Xmx (bin/hbase tests it with -n)
    expect(parseHbaseEnv('HBASE_HEAPSIZE=8g\nHBASE_HEAPSIZE=\n', 'e.sh')).toEqual({ places: {} });
  });

  it('ignores other variables and commented lines', () => {
    expect(parseHbaseEnv('# export HBASE_HEAPSIZE=1\nexport JAVA_HOME=/usr/lib/jvm\n', 'e.sh')).toEqual({ places: {} });
  });

  it.each([
    ['export HBASE_REGIONSERVER_OPTS="-Xmx32g\n -XX:+UseG1GC\n', 'LINT_ENV_SYNTAX', 1, 32, 'never closed'],
    ['export HBASE_REGIONSERVER_OPTS="-Xms1g\n  -Xmx32q"\n', 'LINT_ENV_VALUE', 2, 3, "'32q' is not a JVM size"],
    ['HBASE_OPTS="-XX:MaxGCPauseMillis=1s"', 'LINT_ENV_VALUE', 1, 13, 'whole number of milliseconds'],
    ['HBASE_HEAPSIZE=lots', 'LINT_ENV_VALUE', 1, 16, 'not a heap size'],
    // bin/hbase makes -Xmx8tm of it, which the JVM refuses
    ['HBASE_HEAPSIZE=8t', 'LINT_ENV_VALUE', 1, 16, 'not a heap size'],
    ['export HBASE_OFFHEAPSIZE="2k"', 'LINT_ENV_VALUE', 1, 27, 'not a direct memory size'],
  ])('rejects %j', (text, code, line, column, words) => {
    const err = errorOf(() => parseHbaseEnv(text, 'e.sh'));
    expect(err.code).toBe(code);
    expect(err.where).toEqual({ file: 'e.sh', line, column });
    expect(err.message).toContain(words);
  });

  it('parses JVM sizes with binary units', () => {
    expect(parseJvmSize('512m')).toBe(536870912);
    expect(parseJvmSize('1G')).toBe(1073741824);
    expect(parseJvmSize('2048', 'm')).toBe(2147483648);
    expect(parseJvmSize('1.5g')).toBeUndefined();
  });
});
