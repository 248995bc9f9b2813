import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { providersFolder } from './platform/folder.js';
import { stderrLogger } from './logger.js';
import { requestTargetProblem } from './protocol/endpoint-path.js';
import { DescriptorSchema, describeDescriptorProblems, type Descriptor } from './protocol/descriptor.js';
import { PROTOCOL_VERSION } from './protocol/version.js';
import { KIT_PROBLEMS_META, kitProblemsMeta } from './protocol/extension.js';
import { buildAnswer, IssuedIds, locate } from './answer.js';
import { bundleIdMismatch, bundleIdOrDefault, type ProviderOptions, type RunningProvider } from './options.js';
import { descriptorFileName, prepareFolder, removeQuietly, writeDescriptorFile } from './descriptor-file.js';
import { installExitCleanup } from './exit-cleanup.js';
import { createProviderServer, createRequestHandler, type Intercept } from './http.js';
import { createMcpServer, type McpServerParts } from './mcp-server.js';
import { servedApp } from './helper.js';
import { createProblemReporter, ProviderAnswerError, ProviderSetupError, type ProblemReporter } from './problems.js';

/**
 * Ways to break the rules on purpose, for provider/testing only: they are not exported from
 * the kit's index, and an app never needs them.
 */
export interface TestingHooks {
  /** Rewrites the descriptor before it is published (wrong bundleId, pid, endpoint, protocol). */
  descriptor?: (descriptor: Descriptor) => Record<string, unknown>;
  /** The protocol in the extension declaration; null declares none. */
  declare?: string | null;
  /**
   * Declares no output schemas and skips the "never issued" check of `location`: the test
   * provider sends broken answers on purpose (through `intercept`) and must not be stopped.
   */
  unchecked?: boolean;
  /** Sees each authorised POST before MCP does and may answer it itself. */
  intercept?: Intercept;
  /** Listens on this port instead of any free one (port 80, for the Host header test). */
  port?: number;
}

/** Default endpoint path; hosts use whatever path the descriptor gives. */
export const DEFAULT_PATH = '/context/mcp';

/** A fresh instance (an id: 12 base64url characters) and token (32 random bytes) per start. */
function mintSecrets(): { instance: string; token: string } {
  return { instance: randomBytes(9).toString('base64url'), token: randomBytes(32).toString('base64url') };
}

/** startProvider with testing hooks; see index.ts for the public contract. */
export async function launchProvider(options: ProviderOptions, hooks: TestingHooks = {}): Promise<RunningProvider> {
  if (typeof options.current !== 'function') throw new ProviderSetupError('startProvider needs a current function');
  const path = options.path ?? DEFAULT_PATH;
  if (!/^\/[A-Za-z0-9._~/-]*$/.test(path)) throw new ProviderSetupError('path must start with / and use only URL-safe characters');
  // The host's own rule, so the kit never publishes a descriptor hosts ignore.
  const pathProblem = requestTargetProblem(path);
  if (pathProblem !== undefined) throw new ProviderSetupError(`path is one hosts refuse: ${pathProblem.replace(/^its endpoint's path/, 'it')}`);
  // The app first: a helper that does not descend from it publishes nothing and opens no listener.
  const app = await servedApp(options.appPid);
  const bundleId = await bundleIdOrDefault(options.bundleId, app.pid);
  const folder = options.folder ?? providersFolder();
  // Folder first: when it cannot be fixed, no listener is opened and nothing is published.
  prepareFolder(folder);
  const logger = options.logger ?? stderrLogger;
  const report = createProblemReporter({ logger: options.logger, onProblem: options.onProblem });
  // A bundle id the OS will not confirm: published anyway (the app may be started differently
  // in use), but every host would ignore it, so the developer hears it now.
  const mismatch = options.bundleId === undefined ? undefined : await bundleIdMismatch(bundleId, process.platform, app.pid);
  if (mismatch !== undefined) report([mismatch]);
  const { instance, token } = mintSecrets();
  const issued = new IssuedIds();
  const protocol = PROTOCOL_VERSION;
  const location = options.location;
  const parts: McpServerParts = {
    name: options.name,
    version: options.version,
    declare: hooks.declare === undefined ? protocol : hooks.declare,
    outputSchemas: hooks.unchecked !== true,
    current: async () => {
      // This answer's own findings, reported as always and counted in its _meta (KIT_PROBLEMS_META).
      const kinds: string[] = [];
      const counting: ProblemReporter = (problems) => {
        kinds.push(...problems.map((p) => p.kind));
        report(problems);
      };
      try {
        const value = await buildAnswer(protocol, instance, options.current, counting, issued);
        return { ok: true, value, ...(kinds.length > 0 ? { meta: { [KIT_PROBLEMS_META]: kitProblemsMeta(kinds) } } : {}) };
      } catch (error) {
        return { ok: false, reason: error instanceof ProviderAnswerError ? error.message : 'the app failed to describe its context' };
      }
    },
    ...(location ? { location: async (id: string) => locate(id, location, report, hooks.unchecked === true ? undefined : issued) } : {}),
  };

  const server = createProviderServer();
  const port = await listen(server, hooks.port ?? 0);
  const endpoint = `http://127.0.0.1:${port}${path}`;
  server.on('request', createRequestHandler({ port, path, token, logger, newServer: () => createMcpServer(parts), ...(hooks.intercept ? { intercept: hooks.intercept } : {}) }));

  const descriptor: Descriptor = {
    protocol, bundleId, name: options.name, version: options.version, pid: app.pid, instance, endpoint, token,
    ...(app.helperPid !== undefined ? { helperPid: app.helperPid } : {}),
  };
  const checked = DescriptorSchema.safeParse(descriptor);
  if (!checked.success) {
    await close(server);
    throw new ProviderSetupError(`the descriptor would be invalid: ${describeDescriptorProblems(checked.error)}`);
  }
  let descriptorPath: string;
  try {
    descriptorPath = writeDescriptorFile(folder, descriptorFileName(bundleId, app.pid, app.helperPid), hooks.descriptor ? hooks.descriptor(descriptor) : descriptor);
  } catch (error) {
    await close(server);
    throw error;
  }
  const uninstall = installExitCleanup(() => removeQuietly(descriptorPath));
  const served = app.helperPid === undefined ? `pid ${app.pid}` : `pid ${app.pid}, served by its helper pid ${app.helperPid}`;
  logger.info(`providing context for ${bundleId} (${served}, endpoint ${endpoint})`);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      uninstall();
      // The descriptor goes first: from here on no host should try this endpoint.
      removeQuietly(descriptorPath);
      await close(server);
    })();
    return stopping;
  };
  return { stop, endpoint, descriptorPath, instance, pid: app.pid, ...(app.helperPid !== undefined ? { helperPid: app.helperPid } : {}), bundleId, protocol, folder };
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // 127.0.0.1 only, never a wildcard or ::1: hosts check the literal address (docs/protocol.md#the-hosts-checks-in-order).
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
