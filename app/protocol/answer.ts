// Lives in the provider kit (provider/kit/src/protocol/answer.ts), which the host and
// the kit both import, so the protocol exists once; the host imports it by this name.
export {
  type Answer,
} from '@app-context/provider-kit/protocol';
