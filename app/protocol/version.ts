// Lives in the provider kit (provider/kit/src/protocol/version.ts), which the host and
// the kit both import, so the protocol exists once; the host imports it by this name.
export {
  PROTOCOL_VERSION,
  VERSION_PATTERN,
  parseVersion,
  isSupportedVersion,
  SUPPORTED_RANGE,
} from '@app-context/provider-kit/protocol';
