import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { testClock } from '../support/clock.js';

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), isTTY: false, readStdin: async () => 'k1\nk2\nk3\nk4\n', now: testClock };
  const code = await runCli(['splits', ...argv], io);
  return { code, out, err };
}

const dir = mkdtempSync(join(tmpdir(), 'splits-cli-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const two = (n: number) => String(n).padStart(2, '0');
/** k00..k99, the first tenth weighted 81 each (90% of 900 requests), TAB-separated weights. */
const SKEWED = file('skewed.txt', Array.from({ length: 100 }, (_, i) => `k${two(i)}\t${i < 10 ? 81 : 1}\n`).join(''));

describe('splits --algorithm', () => {
  it('prints a SPLITS_FILE: HexStringSplit for 4 regions is 2^32/4 steps', async () => {
    expect(await run('--algorithm', 'hex', '--regions', '4')).toEqual({ code: 0, out: '40000000\n80000000\nc0000000\n', err: '' });
  });
  it('--json gives splits and regions; custom rows reach the algorithm', async () => {
    const r = await run('--algorithm', 'decimal', '--regions', '3', '--first', '0', '--last', '8', '--json');
    expect(JSON.parse(r.out)).toEqual({ splits: ['3', '6'], regions: 3 });
  });
  it('sizes the region count from --servers and --data-bytes, saying which constraint won on stderr', async () => {
    const r = await run('--algorithm', 'uniform', '--servers', '2', '--regions-per-server', '2', '--data-bytes', '40GB');
    expect(r.out.split('\n').filter(Boolean)).toHaveLength(3);
    expect(r.err).toContain('4 regions: server spread wins (2 RegionServers x 2 regions each = 4 >= 40 GB / 10 GB per region = 4)');
    expect(r.err).toContain('2 regions per RegionServer is outside the usual 10 to 30');
  });
});

describe('splits --template', () => {
  it('prints the hbase shell create statement with families and escaped binary split points', async () => {
    const r = await run('--template', '{salt(id,2)}_{id}', '--regions-per-bucket', '2', '--format', 'shell', '--table', 'ns:events',
      '--family', 'd:VERSIONS=1,TTL=7776000,COMPRESSION=snappy,BLOOMFILTER=ROW,DATA_BLOCK_ENCODING=FAST_DIFF', '--family', 'm');
    expect(r.code).toBe(0);
    // text part cut over printable ASCII: 0x20 + floor(95 / 2) = 0x4F 'O'
    expect(r.out).toBe(
      'create "ns:events", {NAME => "d", VERSIONS => 1, TTL => 7776000, COMPRESSION => \'SNAPPY\', BLOOMFILTER => \'ROW\', DATA_BLOCK_ENCODING => \'FAST_DIFF\'}, {NAME => "m"}, {SPLITS => ["00_O", "01_", "01_O"]}\n',
    );
  });
  it('doubles the backslash of \\xNN (the shell applies Bytes.toBytesBinary) and escapes " and #', async () => {
    const families = file('families.yaml', 'd:\n  VERSIONS: 1\n  TTL: FOREVER\n');
    const r = await run('--algorithm', 'uniform', '--regions', '2', '--first', '#"', '--last', '#"\\xFF', '--format', 'shell', '--table', 't', '--families', families);
    // TTL FOREVER is HBase's default, so it is left out
    expect(r.out).toBe(`create "t", {NAME => "d", VERSIONS => 1}, {SPLITS => ["\\#\\"\\\\x80"]}\n`);
  });
});

describe('splits --samples and --traffic-median', () => {
  it('cuts sampled keys at request quantiles and reports the shares on stderr / in JSON', async () => {
    const r = await run('--samples', SKEWED, '--regions', '4', '--json');
    const json = JSON.parse(r.out);
    expect(json.splits).toEqual(['k03', 'k06', 'k08']);
    expect(json.regions).toBe(4);
    expect(json.shares.map((s: number) => s * 900)).toEqual([243, 243, 162, 252].map((x) => expect.closeTo(x, 9)));
    const text = await run('--samples', SKEWED, '--regions', '4');
    expect(text.out).toBe('k03\nk06\nk08\n');
    expect(text.err).toContain('region 4: 28.0% of the samples');
  });
  it('reads samples from stdin with -', async () => {
    expect((await run('--samples', '-', '--regions', '2')).out).toBe('k3\n');
  });
  it('splits a region at its traffic median, not its byte midpoint', async () => {
    const r = await run('--traffic-median', '--samples', SKEWED, '--start', 'k00', '--end', 'k99', '--json');
    const json = JSON.parse(r.out);
    expect(json.splits).toEqual(['k06']);
    expect(json.shares[0]).toBeCloseTo(486 / 899, 12);
    expect(json.byteMidpoint).toBe('k4\\xB4');
    expect(json.byteMidpointShares[0]).toBeCloseTo(850 / 899, 12);
    expect(json.outside).toBe(1);
    const text = await run('--traffic-median', '--samples', SKEWED, '--start', 'k00', '--end', 'k99');
    expect(text.out).toBe('k06\n');
    expect(text.err).toContain('daughters take 54.1% / 45.9% of 899 sampled requests');
    expect(text.err).toContain('the byte midpoint k4\\xB4 would give 94.5% / 5.5%');
  });
  it('refuses a single hot row', async () => {
    const hot = file('hot.txt', 'counter\t500\ncounter\n');
    const r = await run('--traffic-median', '--samples', hot);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/every sampled request in the region hits one row, "counter"/);
  });
});

describe('splits --servers alone', () => {
  it('prints the sizing', async () => {
    expect((await run('--servers', '10', '--data-bytes', '4TB')).out).toBe(
      '410 regions: data volume wins (4 TB / 10 GB per region = 410 > 10 RegionServers x 20 regions each = 200)\n',
    );
    expect(JSON.parse((await run('--servers', '10', '--json')).out).sizing).toMatchObject({ regions: 200, winner: 'servers' });
  });

  it('prints the sizing under --format shell too: no split points, so no create statement needing --table', async () => {
    const r = await run('--servers', '10', '--format', 'shell');
    expect(r.code).toBe(0);
    expect(r.out).toBe('200 regions from 10 RegionServers x 20 regions each = 200 (no data volume given)\n');
  });
});

describe('splits errors (exit 2, one clear line)', () => {
  const cases: [string, string[], RegExp][] = [
    ['no form', ['--regions', '3'], /say where split points come from/],
    ['two forms', ['--algorithm', 'hex', '--template', '{salt(id,4)}'], /--algorithm and --template are different forms/],
    ['unused option', ['--algorithm', 'hex', '--regions', '4', '--regions-per-bucket', '2'], /--regions-per-bucket does not apply to the algorithm form/],
    ['no region count', ['--algorithm', 'hex'], /how many regions\?/],
    ['both counts', ['--algorithm', 'hex', '--regions', '4', '--servers', '2'], /--regions and --servers both set the region count/],
    ['bad count', ['--algorithm', 'hex', '--regions', 'four'], /--regions "four" is not a whole number/],
    ['one region', ['--algorithm', 'hex', '--regions', '1'], /at least 2/],
    ['sizing without servers', ['--algorithm', 'hex', '--regions', '4', '--data-bytes', '1TB'], /--data-bytes need --servers/],
    ['bad size', ['--servers', '3', '--data-bytes', 'lots'], /--data-bytes: "lots" is not a data size/],
    ['bad format', ['--algorithm', 'hex', '--regions', '4', '--format', 'yaml'], /--format "yaml" is not splits or shell/],
    ['json and shell', ['--algorithm', 'hex', '--regions', '4', '--format', 'shell', '--json'], /--json and --format shell/],
    ['shell without table', ['--algorithm', 'hex', '--regions', '4', '--format', 'shell', '--family', 'd'], /--format shell needs --table/],
    ['shell without family', ['--algorithm', 'hex', '--regions', '4', '--format', 'shell', '--table', 't'], /--format shell needs the column families/],
    ['family twice', ['--algorithm', 'hex', '--regions', '4', '--format', 'shell', '--table', 't', '--family', 'd', '--family', 'd:VERSIONS=2'], /column family "d" is given twice/],
    ['family without shell', ['--algorithm', 'hex', '--regions', '4', '--family', 'd'], /only apply to --format shell/],
    ['bad attribute', ['--algorithm', 'hex', '--regions', '4', '--format', 'shell', '--table', 't', '--family', 'd:COMPRESSION=zip'], /COMPRESSION "zip" is not one of NONE, SNAPPY/],
    ['bad table', ['--algorithm', 'hex', '--regions', '4', '--format', 'shell', '--table', 'a b', '--family', 'd'], /"a b" is not a valid HBase table name/],
    ['missing samples file', ['--samples', join(dir, 'nope.txt'), '--regions', '2'], /nope\.txt: cannot read the samples file/],
    ['traffic median without samples', ['--traffic-median'], /needs --samples/],
    // 1000 buckets x 101 = 101000 regions.
    ['salt regions past the cap', ['--template', '{salt(id,1000)}_{id}', '--regions-per-bucket', '101'],
      /^hbase-hotspot: --regions-per-bucket 101: 1000 buckets of "\{salt\(id,1000\)\}" x 101 regions each is 101000 regions, more than the 100000/],
    // 100000 servers x 30 = 3000000 regions; 2000 TB / 10 GB = 2000 * 1024 / 10 = 204800 regions.
    ['sizing past the cap', ['--algorithm', 'hex', '--servers', '100000', '--regions-per-server', '30'],
      /^hbase-hotspot: --servers: sizing: 3000000 regions from 100000 RegionServers x 30 regions each = 3000000 .*more than the 100000 regions a pre-split may have: lower --servers/],
    ['data sizing past the cap', ['--algorithm', 'uniform', '--servers', '10', '--data-bytes', '2000TB'],
      /^hbase-hotspot: --servers: sizing: 204800 regions: data volume wins .*more than the 100000 regions a pre-split may have: raise --region-size/],
  ];
  it.each(cases)('%s', async (_name, argv, message) => {
    const r = await run(...argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.out).toBe('');
  });
  it('refuses --format shell without --table before computing: no share notes on stderr, only the error', async () => {
    // Before, the quantile form printed "region 1: 50.0% of the samples" and the like, then said --table was missing.
    const keys = file('shell-keys.txt', 'a\nb\nc\nd\n');
    const r = await run('--samples', keys, '--regions', '2', '--format', 'shell', '--family', 'd');
    expect([r.code, r.out, r.err]).toEqual([2, '', 'hbase-hotspot: --table: --format shell needs --table NAME for the create statement\n']);
    const noFamily = await run('--samples', keys, '--regions', '2', '--format', 'shell', '--table', 't');
    expect([noFamily.code, noFamily.err]).toEqual([2, "hbase-hotspot: --family: --format shell needs the column families: --family 'd:VERSIONS=1,COMPRESSION=SNAPPY' (repeatable) or --families file.yaml\n"]);
  });
  it('names --family, and the --families file, for a family given twice', async () => {
    const twice = await run('--algorithm', 'hex', '--regions', '4', '--format', 'shell', '--table', 't', '--family', 'd', '--family', 'd:VERSIONS=2');
    expect([twice.code, twice.err]).toEqual([2, 'hbase-hotspot: --family: column family "d" is given twice; give each family once\n']);
    const families = file('twice-families.yaml', 'd:\n  VERSIONS: 1\n');
    const both = await run('--algorithm', 'hex', '--regions', '4', '--format', 'shell', '--table', 't', '--families', families, '--family', 'd');
    expect([both.code, both.err]).toEqual([2, `hbase-hotspot: --family: column family "d" is in --families ${families} and given with --family too; give each family once\n`]);
  });
  it('names the file and line of a bad sample', async () => {
    const bad = file('bad.txt', 'k1\nk2\\xZZ\n');
    expect((await run('--samples', bad, '--regions', '2')).err).toBe(
      `hbase-hotspot: ${bad}:2 (key): key: bad escape "\\xZZ" at character 3 of "k2\\xZZ"; write a byte as \\xNN (two hex digits), a backslash as \\x5C\n`,
    );
  });
});

describe('splits --template with one salt bucket', () => {
  // One bucket, one region per bucket: 1 x 1 = 1 region, so 1 - 1 = 0 split points.
  const refusal = (template: string, position: number, more: string) => [
    2, '',
    `hbase-hotspot: --template "${template}": "{salt(id,1)}" at template position ${position} has 1 bucket, and one bucket is one region, ` +
      'the region every table starts as: there is no split point to print (a pre-split needs 2 regions or more, as --regions does); ' +
      `give the salt more buckets (e.g. 16)${more}\n`,
  ];
  const cut = ', or cut the bucket into k regions with --regions-per-bucket k (2 or more), where its keys lie with --samples keys.txt (sampled rowkeys) or evenly without';
  it('refuses with exit 2 and says why, in every output form, instead of printing nothing', async () => {
    for (const extra of [[], ['--regions-per-bucket', '1'], ['--json'], ['--format', 'shell', '--table', 't', '--family', 'd']]) {
      const r = await run('--template', '{salt(id,1)}_{id}', ...extra);
      expect([r.code, r.out, r.err]).toEqual(refusal('{salt(id,1)}_{id}', 0, cut));
    }
  });
  it('does not suggest cutting the bucket when nothing follows the salt', async () => {
    const r = await run('--template', 'ev:{salt(id,1)}');
    expect([r.code, r.out, r.err]).toEqual(refusal('ev:{salt(id,1)}', 3, ''));
  });
  it('cuts the one bucket when asked to: 2 regions, 1 split point at the median of the samples', async () => {
    const keys = file('one-bucket.txt', '00_a\n00_b\n00_c\n00_d\n');
    // salt(id,1) writes "00" (at least 2 digits); half the weight is in 00_a, 00_b: the cut goes between 00_b and 00_c,
    // at the shortest key above 00_b and not above 00_c, 00_c itself.
    expect(await run('--template', '{salt(id,1)}_{id}', '--regions-per-bucket', '2', '--samples', keys)).toEqual({ code: 0, out: '00_c\n', err: 'bucket 0: 50.0% / 50.0% of its samples\n' });
  });
});

describe('splits --template --samples with keys that do not fit the template', () => {
  // {salt(n,4)}_{long(n)}: the salt of one digit n is (48 + n) % 4 = n % 4 (String.hashCode of "n" is its char code),
  // and 8 big-endian bytes of n follow "NN_". n = 1..8 puts 4, 8 in bucket 00; 1, 5 in 01; 2, 6 in 02; 3, 7 in 03.
  const long = (n: number) => `${two(n % 4)}_\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x0${n}`;
  const good = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `${long(n)}\n`).join('');
  const template = '{salt(n,4)}_{long(n)}';

  it('leaves text keys out with a note on stderr and cuts each bucket between its two good keys', async () => {
    // with two keys per bucket the median cut is the shortest key above the lower and up to the upper: the upper itself
    const keys = file('long-mixed.txt', `01_12345\n${good}02_777\n`);
    expect(await run('--template', template, '--regions-per-bucket', '2', '--samples', keys)).toEqual({
      code: 0,
      out: [long(8), '01_', long(5), '02_', long(6), '03_', long(7)].map((k) => `${k}\n`).join(''),
      err:
        `2 of 10 sampled keys in the buckets do not fit "${template}" and were left out (the first, "01_12345": at byte 3, the key ` +
        'ends inside part {long(n)} (8 bytes)): were they written with this template?\n' +
        [0, 1, 2, 3].map((b) => `bucket ${b}: 50.0% / 50.0% of its samples\n`).join(''),
    });
  });

  it('refuses with exit 2 when no sampled key fits, instead of cutting every bucket evenly', async () => {
    const keys = file('long-text.txt', '05_12345\n01_12345\n');
    const r = await run('--template', template, '--regions-per-bucket', '2', '--samples', keys);
    expect([r.code, r.out]).toEqual([2, '']);
    expect(r.err).toMatch(/^hbase-hotspot: --samples: none of the 2 sampled keys fits template "\{salt\(n,4\)\}_\{long\(n\)\}" \(1 starts with no bucket, 1 does not fit its parts\); the first, "05_12345": it starts with no bucket of the template \("00_" to "03_"\)\./);
  });
});

describe('splits --template --regions-per-bucket without --samples', () => {
  it('refuses to cut a number part over its whole width, naming the part and --samples', async () => {
    const r = await run('--template', '{salt(id,4)}_{pad(id,19)}', '--regions-per-bucket', '2');
    expect([r.code, r.out]).toEqual([2, '']);
    expect(r.err).toBe(
      'hbase-hotspot: --regions-per-bucket 2: the part after the salt, "{pad(id,19)}" at template position 13, is a number whose range ' +
        'the template does not give: even cuts would treat its values as spread over all of its 19 digits, but ids fill a narrow ' +
        "slice of it (sequence ids only the low digits), so a bucket's keys would all land in one of its 2 regions: add --samples " +
        'keys.txt (sampled rowkeys) to cut each bucket where its keys lie, or use more salt buckets with 1 region each\n',
    );
    expect((await run('--template', '{salt(id,2)}{long(id)}', '--regions-per-bucket', '3', '--json')).code).toBe(2);
  });
  it('cuts a number part where sampled ids lie when --samples is given', async () => {
    // ids 1..4 in bucket 00 and 5..8 in bucket 01, 19 digits each: each bucket's median is between its 2nd and 3rd id.
    const ids = file('number-ids.txt', [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `${n < 5 ? '00' : '01'}_${String(n).padStart(19, '0')}\n`).join(''));
    const r = await run('--template', '{salt(id,2)}_{pad(id,19)}', '--regions-per-bucket', '2', '--samples', ids);
    expect([r.code, r.out]).toEqual([0, '00_0000000000000000003\n01_\n01_0000000000000000007\n']);
  });
  it('prints even cuts over a text part with a warning on stderr saying what they assume (notes in --json)', async () => {
    // printable ASCII 0x20..0x7E, 95 values: 95 / 2 -> 47 = 0x2F, 0x20 + 0x2F = 0x4F "O"
    const caveat = 'each salt bucket is cut evenly into 2 regions over "{id}" at template position 13, as if its values were spread over ' +
      'every printable ASCII character (space to ~) in its first place; values that share their first characters (user-1, user-2, ...) ' +
      'all land in one region of each bucket: add --samples keys.txt (sampled rowkeys) to cut each bucket where its keys lie';
    expect(await run('--template', '{salt(id,2)}_{id}', '--regions-per-bucket', '2')).toEqual({ code: 0, out: '00_O\n01_\n01_O\n', err: `warning: ${caveat}\n` });
    expect(JSON.parse((await run('--template', '{salt(id,2)}_{id}', '--regions-per-bucket', '2', '--json')).out)).toEqual({ splits: ['00_O', '01_', '01_O'], regions: 4, notes: [caveat] });
  });
  it('cuts a digest part evenly without a warning: its values are spread over its width', async () => {
    // md5(id,4): 4 hex digits, 65536 values, step 65536 / 4 = 16384 = 0x4000
    expect(await run('--template', '{salt(id,2)}_{md5(id,4)}', '--regions-per-bucket', '4')).toEqual({
      code: 0, out: '00_4000\n00_8000\n00_c000\n01_\n01_4000\n01_8000\n01_c000\n', err: '',
    });
    expect((await run('--template', '{salt(id,4)}_{id}')).err).toBe('');
  });
});

describe('splits --template --regions-per-bucket --samples', () => {
  const keys = file('bucket-keys.txt', '00_a\n00_b\n00_c\n00_d\n01_x\n');
  it('cuts each bucket at its sampled keys, a bucket short of samples evenly, with the shares on stderr', async () => {
    const r = await run('--template', '{salt(id,2)}_{id}', '--regions-per-bucket', '2', '--samples', keys);
    expect(r).toEqual({
      code: 0,
      out: '00_c\n01_\n01_O\n',
      err: 'bucket 1: 1 distinct sampled key for 2 regions; cut evenly over the next key part instead\nbucket 0: 50.0% / 50.0% of its samples\n',
    });
    const json = JSON.parse((await run('--template', '{salt(id,2)}_{id}', '--regions-per-bucket', '2', '--samples', keys, '--json')).out);
    expect(json.bucketShares).toEqual([[0.5, 0.5], null]);
  });
  it('asks for --regions-per-bucket when --samples comes with --template alone', async () => {
    const r = await run('--template', '{salt(id,2)}_{id}', '--samples', keys);
    expect([r.code, r.err]).toEqual([2, 'hbase-hotspot: --samples with --template cuts each salt bucket at sampled keys: add --regions-per-bucket k (2 or more)\n']);
  });
});
