/** The wire shapes of the app-context protocol 0.2.0, the version rule, the limits and the tolerant reader. */
export * from './version.js';
export * from './limits.js';
export * from './ids.js';
export * from './element.js';
export * from './answer.js';
export * from './location.js';
export * from './descriptor.js';
export * from './extension.js';
export { readAnswer, type ReadAnswerResult } from './read-answer.js';
