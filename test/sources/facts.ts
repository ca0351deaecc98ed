/**
 * Facts of the `live_fx` recording (test/fixtures/shell/record.ts), read by hand from the recorded files: the table
 * was pre-split at "\x05", "b", "d", "f| g", "m" over three RegionServers.
 */
import type { ContractFacts } from './contract.js';

export const RS_38523 = 'localhost,38523,1796025836650';
export const RS_39083 = 'localhost,39083,1796025836972';
export const RS_40079 = 'localhost,40079,1796025836874';
/** Encoded name of the last region [m, ∞), which took most of the load. */
export const LAST = '93b0ce72bcc9311c5051b94aa6c82afd';
/** Encoded name of [b, d). */
export const B_TO_D = 'e8cbd38a183587e675290b4444a11c73';

export const LIVE_FX_FACTS: ContractFacts = {
  table: 'live_fx',
  startKeys: ['', '\\x05', 'b', 'd', 'f| g', 'm'],
  serverOf: {
    '207673e8a8417652560239c2746e719e': RS_39083,
    e87a45e80fe3d0761359f51041a7b1d7: RS_38523,
    [B_TO_D]: RS_40079,
    '3c09137b9a6adfbddf5f8fbacbddb008': RS_40079,
    '0ea7b4bca51351938a67bed0a3620e4a': RS_38523,
    [LAST]: RS_39083,
  },
};
