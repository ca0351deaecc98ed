/**
 * `hbase-hotspot key <sub-command>`: rowkey template tools. Each sub-command lives in its own file
 * (`key-<name>.ts`) exporting a {@link KeySubcommand}, and is listed in {@link keySubcommands}.
 */
import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import type { CliCommand } from '../program.js';
import { keyDecodeCommand } from './key-decode.js';
import { keyEncodeCommand } from './key-encode.js';
import { keyExplainCommand } from './key-explain.js';
import { keyScanCommand } from './key-scan.js';

/** One `key` sub-command: registers itself on the `key` command. */
export interface KeySubcommand {
  register(key: Command, io: CliIo): void;
}

/** The `key` sub-commands, in the order help lists them. Add a line per sub-command. */
export const keySubcommands: KeySubcommand[] = [keyEncodeCommand, keyDecodeCommand, keyExplainCommand, keyScanCommand];

/** The `key` command. */
export const keyCommand: CliCommand = {
  register(program, io) {
    const key = program.command('key').description('rowkey templates: encode, decode, explain, and plan scans');
    for (const sub of keySubcommands) sub.register(key, io);
  },
};
