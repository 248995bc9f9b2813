import { findProvider } from '../discovery/find.js';
import { coreDeps } from './cli-deps.js';
import { UsageError } from './exit-codes.js';
import type { CliDeps, CliIo } from './io.js';

/**
 * The instance of the one provider running for `pid`, for `glance location` without
 * --instance. None, or several (a provider restarted beside its old run), is said on stderr
 * and the result is undefined; several are a usage error (exit 2): --instance must say which one issued the id.
 */
export async function onlyInstance(pid: number, io: CliIo, deps: CliDeps): Promise<string | undefined> {
  const found = await findProvider({ pid }, coreDeps(io, deps));
  if (found.kind !== 'usable') {
    io.stderr(`glance: location: process ${pid} has no usable provider to ask; \`glance providers\` lists every descriptor and why one is ignored.\n`);
    return undefined;
  }
  const others = found.ignored.filter((v) => v.verdict === 'usable' && v.descriptor !== undefined);
  if (others.length === 0) return found.provider.descriptor.instance;
  const instances = [found.provider.descriptor, ...others.map((v) => v.descriptor)].map((d) => d?.instance).join(', ');
  throw new UsageError(`location: process ${pid} runs ${others.length + 1} providers (instances ${instances}); give --instance I, the one that issued the id`);
}
