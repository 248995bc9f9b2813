/**
 * The app-context protocol 0.2.0 as data and pure functions: the wire shapes (zod schemas,
 * types inferred), the version rule, the limits, the id and endpoint rules, and the tolerant
 * reader a host reads answers with. Both sides import this one copy: the kit checks an app's
 * tree with the host's own reader, and the Glance host reads answers with it. Pure: nothing
 * here touches the file system, the network or the process, so a browser bundle may import
 * it too (`@app-context/provider-kit/protocol`).
 */
export * from './version.js';
export * from './limits.js';
export * from './ids.js';
export * from './json.js';
export * from './element.js';
export * from './answer.js';
export * from './location.js';
export * from './endpoint-path.js';
export * from './descriptor.js';
export * from './extension.js';
export * from './nesting.js';
export * from './warnings.js';
export * from './read-element.js';
export * from './read-answer.js';
