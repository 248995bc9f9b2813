// Lives in the provider kit (provider/kit/src/protocol/element.ts), which the host and
// the kit both import, so the protocol exists once; the host imports it by this name.
export {
  ROLES,
  RoleSchema,
  isRole,
  ContentBlockSchema,
  STATES,
  ElementSchema,
  ATTRIBUTE_RELATED,
  type ContentBlock,
  type Element,
} from '@app-context/provider-kit/protocol';
