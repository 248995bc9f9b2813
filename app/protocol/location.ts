// Lives in the provider kit (provider/kit/src/protocol/location.ts), which the host and
// the kit both import, so the protocol exists once; the host imports it by this name.
export {
  RectSchema,
  EDGES,
  GONE,
  readLocation,
  type Rect,
  type Location,
} from '@app-context/provider-kit/protocol';
