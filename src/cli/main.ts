#!/usr/bin/env node
import { processIo } from './io.js';
import { stopQuietlyWhenPipeCloses } from './pipe-closed.js';
import { runCli } from './program.js';

// `detect --json | head`: the reader closed the pipe, so the command stops there, quietly
stopQuietlyWhenPipeCloses(process.stdout);
process.exitCode = await runCli(process.argv.slice(2), processIo);
