// The protocol (schemas, limits, the tolerant reader) lives in the provider kit, which the
// host and the kit both import (provider/kit/src/protocol/); the host imports it by this name.
export * from '@app-context/provider-kit/protocol';
