/**
 * A reader that stops early (`hbase-hotspot detect series.ndjson --json | head`): the command's output pipe closes
 * before everything is written, and the next write fails with `EPIPE`. Unhandled, that failure is an uncaught error
 * event with a stack trace. A command line tool stops there quietly instead, as one killed by SIGPIPE does.
 *
 * @module
 */
import { EXIT_PIPE_CLOSED } from './exit.js';

/** The part of a writable stream watched here (`process.stdout`, `process.stderr`). */
export interface WatchedStream {
  on(event: 'error', listener: (err: Error & { code?: string }) => void): unknown;
}

/**
 * Ends the process with {@link EXIT_PIPE_CLOSED} (141), writing nothing more, when a write to `stream` fails because its
 * reader closed the pipe (`EPIPE`); any other error on the stream is thrown on, as before.
 * @param exit - how the process ends (`process.exit`; a test passes its own).
 */
export function stopQuietlyWhenPipeCloses(stream: WatchedStream, exit: (code: number) => void = (code) => process.exit(code)): void {
  stream.on('error', (err) => {
    if (err.code === 'EPIPE') exit(EXIT_PIPE_CLOSED);
    else throw err;
  });
}
