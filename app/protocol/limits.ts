// Lives in the provider kit (provider/kit/src/protocol/limits.ts), which the host and
// the kit both import, so the protocol exists once; the host imports it by this name.
export {
  MAX_BODY_BYTES,
  MAX_DEPTH,
  MAX_ELEMENTS,
  MAX_BLOB_BYTES,
  MAX_VALUE_DEPTH,
  MAX_RECTS,
  MAX_DESCRIPTOR_BYTES,
  DEFAULT_TIMEOUT_MS,
  EXTENSION_KEY,
  TOOL_CURRENT,
  TOOL_LOCATION,
  TOKEN_MIN_LENGTH,
  TOKEN_MAX_LENGTH,
} from '@app-context/provider-kit/protocol';
