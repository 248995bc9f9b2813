// Lives in the provider kit (provider/kit/src/platform/run-tool.ts), which the host and
// the kit both import, so the platform rules exist once; the host imports it by this name.
export {
  runTool,
  firstLine,
} from '@app-context/provider-kit/platform';
