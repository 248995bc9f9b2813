/**
 * Limits and fixed names of the wire (docs/protocol.md (#the-descriptor, #the-servers-checks-in-order, #tolerant-reading, #limits-and-time-limits)). One place, so that a
 * revision of the specification is a small change.
 */

/** Largest HTTP response body we accept from a provider, counted as it is received. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** The root is depth 1; deeper elements are cut with their subtree. */
export const MAX_DEPTH = 64;
/** Elements kept in document order; the rest are cut. */
export const MAX_ELEMENTS = 20_000;
/** Largest decoded image, audio or embedded-resource blob, or resource text in UTF-8 bytes, we keep. */
export const MAX_BLOB_BYTES = 4 * 1024 * 1024;
/**
 * How deeply an attribute value or a content block may nest within itself (a scalar is 0, `[]`
 * or `{}` is 1); deeper ones are dropped. With elements at most MAX_DEPTH deep, this bounds
 * the nesting of everything the host keeps, so no serialiser or walk downstream can overflow.
 */
export const MAX_VALUE_DEPTH = 32;
/** Rects read from one location answer: the first ones, the rest dropped. */
export const MAX_RECTS = 256;
/** A descriptor file larger than this is not a descriptor. */
export const MAX_DESCRIPTOR_BYTES = 64 * 1024;
/** The one time limit on a whole exchange with a provider, for `current` and `location`. */
export const DEFAULT_TIMEOUT_MS = 1500;
/** Where a provider declares the protocol in its MCP initialize result. */
export const EXTENSION_KEY = 'io.appcontext/context';
/** The two tools a provider serves. */
export const TOOL_CURRENT = 'current';
export const TOOL_LOCATION = 'location';
/** Token length bounds (docs/protocol.md#the-descriptor). */
export const TOKEN_MIN_LENGTH = 16;
export const TOKEN_MAX_LENGTH = 512;
