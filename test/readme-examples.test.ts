// The README's quick start and offline examples (simulate, key, splits, lint, design, report) run as written: every
// `hbase-hotspot ...` / `npx hbase-hotspot ...` line of their sh blocks is run in-process, in README order, from the
// repository folder; only what they write under out/ goes to a temporary folder instead. An output line the README
// shows under a command (`# ...`) must be in what the command printed.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCapture } from './cli/run-cli.js';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const OFFLINE = ['## Quick start', '### simulate', '### key', '### splits', '### lint', '### design suggest', '### report'];

/** Splits a shell command line into words as sh does for quotes ('...' literal, "..." with \ escapes); drops a # comment. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let text = '';
      for (i++; line[i] !== '"'; i++) text += line[i] === '\\' && /["\\$`]/.test(line[i + 1] ?? '') ? (line[++i] as string) : line[i];
      word = (word ?? '') + text;
    } else if (c === ' ' || c === '\t') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === '#' && word === undefined) {
      break;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

interface Example {
  readonly section: string;
  readonly line: string;
  readonly argv: string[];
  /** Output lines the README shows under the command. */
  readonly shows: string[];
}

/** The commands of the sh blocks under `heading`, continuation lines joined. */
function examples(heading: string): Example[] {
  const start = README.indexOf(`\n${heading}\n`);
  const next = README.slice(start + heading.length + 2).search(/^##/m);
  const section = README.slice(start, next < 0 ? undefined : start + heading.length + 2 + next);
  const out: Example[] = [];
  for (const block of section.matchAll(/```sh\n([\s\S]*?)```/g)) {
    const lines = (block[1] ?? '').replace(/\\\n\s*/g, '').split('\n');
    for (const line of lines) {
      const words = shellWords(line);
      const cli = words[0] === 'npx' ? words.slice(1) : words;
      if (cli[0] === 'hbase-hotspot') out.push({ section: heading, line, argv: cli.slice(1), shows: [] });
      else if (line.startsWith('# ') && out.length > 0) out.at(-1)?.shows.push(line.slice(2));
    }
  }
  return out;
}

describe('README examples', () => {
  const all = OFFLINE.flatMap(examples);

  it('finds the examples of every offline section', () => {
    for (const heading of OFFLINE) expect(all.some((e) => e.section === heading), heading).toBe(true);
    expect(all.length).toBeGreaterThan(15);
  });

  it('runs each one as written, exit 0, showing what the README shows', async () => {
    const out = mkdtempSync(join(tmpdir(), 'readme-'));
    for (const example of all) {
      const argv = example.argv.map((a) => (a === 'out/' || a.startsWith('out/') ? join(out, a.slice(4)) : a));
      const r = await runCapture(argv);
      expect([example.line, r.code, r.err]).toEqual([example.line, 0, expect.not.stringMatching(/^hbase-hotspot:/m)]);
      for (const shown of example.shows) expect(r.out.replace(/[ \t]+/g, ' '), example.line).toContain(shown.replace(/[ \t]+/g, ' '));
      if (argv[0] === '--version') expect(r.out).toBe(`${VERSION}\n`);
    }
    // about 100 s alone on a 2-core machine (two case-study simulations, reports of their 24 h series), half as much
    // again beside the rest of the suite: a bound for a hang, not a speed target (those are in bench/)
  }, 300_000);
});
