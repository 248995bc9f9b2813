/** One provider connection: the MCP client with the bearer token, the guards of wire.md section 8, and the time limit. */
export { fetchCurrent } from './current.js';
export { fetchLocation } from './location.js';
export { formatSeconds } from './exchange.js';
export type { CallOptions, CallFailure, CurrentOutcome, LocationOutcome } from './types.js';
