// Lives in the provider kit (provider/kit/src/platform/bundle-id-linux.ts), which the host and
// the kit both import, so the platform rules exist once; the host imports it by this name.
export {
  parseFlatpakInfo,
  parseEnviron,
  desktopFileId,
  exeName,
  linuxBundleId,
} from '@app-context/provider-kit/platform';
