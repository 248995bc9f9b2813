// Lives in the provider kit (provider/kit/src/protocol/descriptor.ts), which the host and
// the kit both import, so the protocol exists once; the host imports it by this name.
export {
  TOKEN_PATTERN,
  DescriptorSchema,
  publicDescriptor,
  describeDescriptorProblems,
  parseEndpoint,
  type Descriptor,
  type PublicDescriptor,
} from '@app-context/provider-kit/protocol';
