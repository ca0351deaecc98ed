/** HBase Thrift2 gateway client (THBaseService): increment, getMultiple, put, exists. */
export { createThrift2Client, DEFAULT_THRIFT_TIMEOUT_MS, type Thrift2Client, type Thrift2ClientOptions } from './client.js';
export { ThriftError, type ThriftErrorCode, type ThriftErrorDetails } from './errors.js';
export type { TColumn, TColumnIncrement, TColumnValue, TGet, TIncrement, TPut, TPutCell, TResult } from './structs.js';
