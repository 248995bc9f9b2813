// Lives in the provider kit (provider/kit/src/protocol/extension.ts), which the host and
// the kit both import, so the protocol exists once; the host imports it by this name.
export {
  declaredProtocol,
} from '@app-context/provider-kit/protocol';
