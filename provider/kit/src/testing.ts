/**
 * For a host's test suite, not for apps: a provider that breaks the rules on request. It is
 * the kit with hooks that rewrite the descriptor, change or drop the extension declaration,
 * skip the kit's own checks, and answer requests by hand (`@app-context/provider-kit/testing`;
 * Glance's provider/testing/configurable.ts is built on it). Never use it in an app.
 */
export { launchProvider, type TestingHooks } from './launch.js';
export type { Intercept } from './http.js';
