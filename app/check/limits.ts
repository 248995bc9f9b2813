/**
 * Limits check-provider holds answers to. The protocol says only "keep content small"
 * (docs/protocol.md, "Content and attributes"); these numbers make that checkable. They are
 * stricter than what a host accepts (docs/protocol.md, "Limits and time limits": 8 MiB per
 * body, 4 MiB per blob), because an answer goes to an agent whole and every byte costs the user
 * time and tokens.
 */

/** One element's text, or an embedded resource's text: 64 KiB of UTF-8, about 16,000 tokens. */
export const MAX_CHECK_TEXT_BYTES = 64 * 1024;
/** One image, audio clip or embedded blob, decoded: 1 MiB (a screenshot-sized PNG). */
export const MAX_CHECK_BLOB_BYTES = 1024 * 1024;
/**
 * The whole answer as JSON: 4 MiB. The result carries it twice (structuredContent and the
 * text block), so a larger answer gets close to the 8 MiB a host receives at most.
 */
export const MAX_CHECK_ANSWER_BYTES = 4 * 1024 * 1024;
/** A fresh id that no provider has issued: the prefix says who sent it, in the provider's log. */
export const NEVER_ISSUED_PREFIX = 'glance-check-never-issued-';
/**
 * How long check-provider keeps sending a request's head a byte at a time before it fails a
 * server that has not closed the connection: twice the kit's 10 s limit on a whole request, so
 * any server with a limit near the kit's passes (the kit closes such a connection after 5 to 6 s).
 */
export const SLOW_CLIENT_LIMIT_MS = 20_000;
/** One byte of the slow head every this often: a read timeout that restarts with each byte never fires. */
export const SLOW_CLIENT_BYTE_EVERY_MS = 250;
