/**
 * Runs `hbase shell` commands in batches: one shell process (one JVM and JRuby start, tens of seconds) per batch,
 * each command's output, return value and success or HBase error reported separately.
 *
 * How: the batch becomes a Ruby script that the shell runs non-interactively (`<shellCommand> [-Dk=v ...] -n
 * <script>`). Each command is evaluated in the shell's own workspace, inside a `begin/rescue`, between marker lines
 * that carry a per-batch random tag, so command output cannot be mistaken for a marker.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HBaseShellError } from './errors.js';

/** What a command's run came to. `skipped`: not run because an earlier command failed and `onError` is `stop`. */
export type ShellCommandStatus = 'ok' | 'error' | 'skipped';

/** HBase's (or Ruby's) error for a failed command. */
export interface ShellCommandFailure {
  /** Exception class, Java (`org.apache.hadoop.hbase.TableExistsException`) or Ruby (`RuntimeError`, `SyntaxError`). */
  readonly type: string;
  /** The exception's message, as the shell would print after `ERROR:` (e.g. `Unknown table nope!`). */
  readonly message: string;
}

/** One command's result, in the order the commands were given. */
export interface ShellCommandResult {
  /** 0-based position in the batch. */
  readonly index: number;
  /** The command as given. */
  readonly command: string;
  readonly status: ShellCommandStatus;
  /** What the command printed on stdout (tables, `Took N.NNNN seconds`, ...), without the runner's markers. */
  readonly output: string;
  /** Ruby `inspect` of the command's return value, at most 64 KiB (only when `status` is `ok`). */
  readonly value?: string;
  /** Set when `status` is `error`. */
  readonly error?: ShellCommandFailure;
  /** Wall time of the command inside the shell, in milliseconds (not for `skipped`). */
  readonly durationMs?: number;
}

/** Result of {@link runShellCommands}. */
export interface ShellBatchResult {
  /** One result per command, in order. */
  readonly results: readonly ShellCommandResult[];
  /** True when every command has status `ok`. */
  readonly ok: boolean;
  /** The shell process's exit code (null when it ended by a signal). */
  readonly exitCode: number | null;
  /** Wall time of the whole batch, process start included, in milliseconds. */
  readonly durationMs: number;
  /** The shell's stderr (JVM and JRuby warnings, log lines). */
  readonly stderr: string;
}

/** Options of {@link runShellCommands}. */
export interface ShellRunOptions {
  /**
   * The argv that starts an `hbase shell`; the runner appends `-D` options, `-n` and the script path. Default:
   * {@link defaultShellCommand} (this project's local HBase). For another cluster, e.g. `['hbase', 'shell']` or
   * `['/opt/hbase/bin/hbase', '--config', '/etc/hbase/conf', 'shell']`.
   */
  readonly shellCommand?: readonly string[];
  /**
   * After a failed command: `continue` (default) runs the rest; `stop` reports the rest as `skipped`.
   */
  readonly onError?: 'continue' | 'stop';
  /** Kill the shell (its whole process group) after this many milliseconds. Default 600 000 (10 min). */
  readonly timeoutMs?: number;
  /**
   * HBase configuration overrides passed as `-Dkey=value`, e.g. `{'hbase.client.retries.number': '3'}` to fail fast
   * when the cluster is down.
   */
  readonly hbaseConf?: Readonly<Record<string, string>>;
  /** Extra environment variables for the shell process. */
  readonly env?: Readonly<Record<string, string>>;
}

const DEFAULT_TIMEOUT_MS = 600_000;
const VALUE_LIMIT = 65_536;
const TAIL_CHARS = 4_000;

/**
 * The argv of this project's local-HBase shell launcher: `[node, <package root>/scripts/hbase/shell.mjs]`. It uses the
 * conf written by `npm run hbase:start` (`.hbase-local/conf`).
 * @throws {@link HBaseShellError} `SHELL_ARGUMENT_INVALID` when the launcher is not found (an installed package has no
 *   `scripts/`): pass `shellCommand` instead.
 */
export function defaultShellCommand(): string[] {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const launcher = join(dir, 'scripts', 'hbase', 'shell.mjs');
    if (existsSync(launcher)) return [process.execPath, launcher];
    dir = dirname(dir);
  }
  throw new HBaseShellError(
    'SHELL_ARGUMENT_INVALID',
    "the project's local HBase shell launcher (scripts/hbase/shell.mjs) was not found; pass shellCommand, e.g. ['hbase', 'shell']",
    { field: 'shellCommand' },
  );
}

function b64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/** Builds the Ruby script for a batch. Exported for tests; the format is internal. */
export function buildShellScript(commands: readonly string[], tag: string, stopOnError: boolean): string {
  const lines = [
    '# Generated by hbase-hotspot: runs each command in its own begin/rescue between marker lines.',
    '$stdout.sync = true',
    '$hbh_failed = false',
  ];
  commands.forEach((command, i) => {
    const mark = `<<${tag}`;
    const run = [
      `  puts "\\n${mark}:BEGIN:${i}>>"`,
      '  $hbh_t0 = Time.now',
      '  begin',
      `    $hbh_v = eval("${b64(command)}".unpack("m0")[0].force_encoding("UTF-8"), binding, "command-${i}", 1)`,
      '    $hbh_s = $hbh_v.inspect.to_s',
      `    $hbh_s = $hbh_s[0, ${VALUE_LIMIT}] if $hbh_s.length > ${VALUE_LIMIT}`,
      `    puts "\\n${mark}:OK:${i}:#{((Time.now - $hbh_t0) * 1000).round}:#{[$hbh_s].pack("m0")}>>"`,
      '  rescue Exception, Java::JavaLang::Throwable => e',
      '    $hbh_failed = true',
      '    $hbh_type = e.is_a?(Java::JavaLang::Throwable) ? e.getClass.getName : e.class.name',
      '    $hbh_msg = (e.message || "").to_s',
      `    puts "\\n${mark}:ERROR:${i}:#{((Time.now - $hbh_t0) * 1000).round}:#{[$hbh_type.to_s].pack("m0")}:#{[$hbh_msg].pack("m0")}>>"`,
      '  end',
    ];
    if (stopOnError) {
      lines.push('if $hbh_failed', `  puts "\\n${mark}:SKIPPED:${i}>>"`, 'else', ...run, 'end');
    } else {
      lines.push('begin', ...run, 'end');
    }
  });
  lines.push(`puts "\\n<<${tag}:DONE>>"`, 'exit 0', '');
  return lines.join('\n');
}

function fromB64(text: string): string {
  return Buffer.from(text, 'base64').toString('utf8');
}

interface Marker {
  kind: 'BEGIN' | 'OK' | 'ERROR' | 'SKIPPED' | 'DONE';
  index: number;
  fields: string[];
}

/** Parses the shell's stdout into per-command results. Exported for tests; `undefined` entries were never reported. */
export function parseShellOutput(
  stdout: string,
  commands: readonly string[],
  tag: string,
): { results: (ShellCommandResult | undefined)[]; done: boolean } {
  const results: (ShellCommandResult | undefined)[] = commands.map(() => undefined);
  const prefix = `<<${tag}:`;
  let current: { index: number; lines: string[] } | undefined;
  let done = false;
  const outputOf = (lines: string[]): string => {
    // Drop the blank line the marker's leading "\n" adds.
    const copy = [...lines];
    if (copy.length > 0 && copy[copy.length - 1] === '') copy.pop();
    return copy.join('\n');
  };
  for (const line of stdout.split(/\r?\n/)) {
    if (line.startsWith(prefix) && line.endsWith('>>')) {
      const parts = line.slice(prefix.length, -2).split(':');
      const marker: Marker = {
        kind: parts[0] as Marker['kind'],
        index: Number(parts[1]),
        fields: parts.slice(2),
      };
      const command = commands[marker.index] ?? '';
      if (marker.kind === 'DONE') {
        done = true;
      } else if (marker.kind === 'BEGIN') {
        current = { index: marker.index, lines: [] };
      } else if (marker.kind === 'SKIPPED') {
        results[marker.index] = { index: marker.index, command, status: 'skipped', output: '' };
      } else if (marker.kind === 'OK') {
        results[marker.index] = {
          index: marker.index,
          command,
          status: 'ok',
          output: outputOf(current?.lines ?? []),
          value: fromB64(marker.fields[1] ?? ''),
          durationMs: Number(marker.fields[0]),
        };
        current = undefined;
      } else if (marker.kind === 'ERROR') {
        results[marker.index] = {
          index: marker.index,
          command,
          status: 'error',
          output: outputOf(current?.lines ?? []),
          error: { type: fromB64(marker.fields[1] ?? ''), message: fromB64(marker.fields[2] ?? '') },
          durationMs: Number(marker.fields[0]),
        };
        current = undefined;
      }
      continue;
    }
    current?.lines.push(line);
  }
  return { results, done };
}

function tail(text: string): string {
  return text.length > TAIL_CHARS ? `...${text.slice(-TAIL_CHARS)}` : text;
}

/**
 * Runs `commands` (Ruby source lines such as `create 't', 'd'` or the output of the command builders) in one shell
 * process and reports each one.
 *
 * A command that fails (HBase exception, Ruby error, syntax error) does not throw: its result has `status: 'error'`
 * and the exception's class and message; later commands run (or are `skipped` with `onError: 'stop'`).
 *
 * @param commands - one Ruby expression or statement each; multi-line is fine. An empty list returns at once.
 * @throws {@link HBaseShellError} `SHELL_SPAWN_FAILED` when the shell command cannot start, `SHELL_TIMEOUT` after
 *   `timeoutMs`, `SHELL_EXITED` when the shell ended before reporting every command (it could not start JRuby, load
 *   its configuration or reach the cluster), and `SHELL_ARGUMENT_INVALID` for bad options. The last three carry the
 *   tail of the shell's output in `outputTail`.
 */
export async function runShellCommands(
  commands: readonly string[],
  options: ShellRunOptions = {},
): Promise<ShellBatchResult> {
  const started = Date.now();
  if (commands.length === 0) return { results: [], ok: true, exitCode: 0, durationMs: 0, stderr: '' };
  const argv = options.shellCommand ? [...options.shellCommand] : defaultShellCommand();
  if (argv.length === 0 || argv.some((a) => typeof a !== 'string' || a === '')) {
    throw new HBaseShellError('SHELL_ARGUMENT_INVALID', 'shellCommand must be a non-empty list of non-empty strings, e.g. ["hbase", "shell"]', {
      field: 'shellCommand',
    });
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!(timeoutMs > 0)) {
    throw new HBaseShellError('SHELL_ARGUMENT_INVALID', `timeoutMs must be a positive number of milliseconds, not ${timeoutMs}`, {
      field: 'timeoutMs',
    });
  }
  const confArgs = Object.entries(options.hbaseConf ?? {}).map(([k, v]) => {
    if (!/^[A-Za-z0-9_.-]+$/.test(k) || /[\s=]/.test(v)) {
      throw new HBaseShellError('SHELL_ARGUMENT_INVALID', `hbaseConf entry "${k}"="${v}" cannot be passed as -Dkey=value`, {
        field: 'hbaseConf',
      });
    }
    return `-D${k}=${v}`;
  });

  const tag = `HBH${randomBytes(8).toString('hex')}`;
  const dir = await mkdtemp(join(tmpdir(), 'hbase-hotspot-shell-'));
  const script = join(dir, 'batch.rb');
  await writeFile(script, buildShellScript(commands, tag, options.onError === 'stop'));
  try {
    const [cmd, ...pre] = argv as [string, ...string[]];
    const child = spawn(cmd, [...pre, ...confArgs, '-n', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: { ...process.env, ...options.env },
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      child.once('error', (e) => {
        clearTimeout(timer);
        reject(
          new HBaseShellError('SHELL_SPAWN_FAILED', `could not start the hbase shell "${argv.join(' ')}": ${e.message}; check shellCommand`, {
            field: 'shellCommand',
            cause: e,
          }),
        );
      });
      child.once('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
    const stdout = Buffer.concat(out).toString('utf8');
    const stderr = Buffer.concat(err).toString('utf8');
    const outputTail = tail(`${stdout}\n--- stderr ---\n${stderr}`);
    if (timedOut) {
      throw new HBaseShellError('SHELL_TIMEOUT', `the hbase shell batch of ${commands.length} commands did not finish within ${timeoutMs} ms and was killed; raise timeoutMs or check the cluster`, {
        outputTail,
      });
    }
    const parsed = parseShellOutput(stdout, commands, tag);
    const missing = parsed.results.findIndex((r) => r === undefined);
    if (missing >= 0) {
      throw new HBaseShellError(
        'SHELL_EXITED',
        `the hbase shell ("${argv.join(' ')}") exited with ${exitCode} before reporting command ${missing} (${commands[missing]}); its output tail is in outputTail`,
        { outputTail },
      );
    }
    const results = parsed.results as ShellCommandResult[];
    return { results, ok: results.every((r) => r.status === 'ok'), exitCode, durationMs: Date.now() - started, stderr };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Like {@link runShellCommands} but throws when any command failed.
 * @throws {@link HBaseShellError} `SHELL_COMMAND_FAILED` naming the first failed command and HBase's message, plus the
 *   errors of {@link runShellCommands}.
 */
export async function runShellCommandsOrThrow(
  commands: readonly string[],
  options: ShellRunOptions = {},
): Promise<ShellBatchResult> {
  const batch = await runShellCommands(commands, { onError: 'stop', ...options });
  const failed = batch.results.find((r) => r.status === 'error');
  if (failed) {
    throw new HBaseShellError(
      'SHELL_COMMAND_FAILED',
      `hbase shell command ${failed.index} (${failed.command}) failed: ${failed.error?.type}: ${failed.error?.message}`,
      { outputTail: tail(failed.output) },
    );
  }
  return batch;
}
