// Lives in the provider kit (provider/kit/src/protocol/read-element.ts), which the host and
// the kit both import, so the protocol exists once; the host imports it by this name.
export {
  plainTextBlock,
  blobBytes,
  decodedBytes,
  utf8Bytes,
} from '@app-context/provider-kit/protocol';
