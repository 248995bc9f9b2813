// Lives in the provider kit (provider/kit/src/platform/bundle-id-darwin.ts), which the host and
// the kit both import, so the platform rules exist once; the host imports it by this name.
export {
  DEFAULT_DARWIN_TOOLS,
  parseLsappinfoBundleId,
  enclosingAppBundle,
  parseInfoPlistJson,
  darwinBundleId,
  type DarwinTools,
} from '@app-context/provider-kit/platform';
