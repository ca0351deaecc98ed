/**
 * `hbase-hotspot key decode '<template>' '<key>'`: decodes a rowkey, typed as HBase prints it (`Bytes.toStringBinary`,
 * `\xNN` for other bytes), back into its record, printed as JSON (longs beyond 2^53 as decimal strings). Salts and
 * hashes in the key are verified.
 */
import type { Command } from 'commander';
import { toBytesBinary } from '../../bytes/index.js';
import { printJson, type CliIo } from '../io.js';
import { compileTemplateOption, TEMPLATE_ARGUMENT } from '../template-option.js';
import type { KeySubcommand } from './key.js';
import { jsonRecord } from './key-record.js';

/**
 * Runs `key decode`.
 * @throws HotspotError the template compiler's codes naming {@link TEMPLATE_ARGUMENT}; `KEY_ESCAPE_INVALID` and the
 *   decoder's codes for the key.
 */
export function runKeyDecode(template: string, key: string, io: CliIo): void {
  const compiled = compileTemplateOption(template, TEMPLATE_ARGUMENT);
  printJson(io, jsonRecord(compiled.decode(toBytesBinary(key, 'the key argument'))));
}

/** The `key decode` sub-command. */
export const keyDecodeCommand: KeySubcommand = {
  register(key: Command, io: CliIo): void {
    key
      .command('decode')
      .description('decode a rowkey (in Bytes.toStringBinary form) into its record, as JSON')
      .argument('<template>', "rowkey template, e.g. '{salt(deviceId,16)}_{deviceId}_{reverseTs(ts)}'")
      .argument('<key>', "the key as HBase prints it, e.g. '07_sensor001_9223370326998775807' or 'a\\x00b'")
      .action((template: string, keyText: string) => runKeyDecode(template, keyText, io));
  },
};
