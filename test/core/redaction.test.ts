// The second line of defence (docs/protocol.md, "Hardening"): every token is registered with the
// logger's redaction as its descriptor is read, so a log line that carried one by mistake is
// masked. Real provider processes, read through the real discovery; the app's logger
// (main/logger.ts) and the CLI's, each handed a line with the token in it.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCliDeps } from '../../app/cli/cli-deps.js';
import type { CliIo } from '../../app/cli/io.js';
import { main } from '../../app/cli/main.js';
import { runChecks } from '../../app/check/run.js';
import { providersFolder } from '@app-context/provider-kit/platform';
import { createRedactingLogger, SecretRegistry } from '../../app/log/logger.js';
import { createOs } from '../../app/os/index.js';
import { collectContext } from '../../app/invocation/collect.js';
import { createMainLogSink } from '../../main/logger.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';
import { startTestProvider, type TestProvider } from '../helpers/test-provider.js';

const os = createOs();
let dir: Awaited<ReturnType<typeof makeProvidersDir>>;
let provider: TestProvider;
let second: TestProvider;

beforeAll(async () => {
  dir = await makeProvidersDir();
  [provider, second] = await Promise.all([startTestProvider(dir.dir), startTestProvider(dir.dir, { TP_NAME: 'Second' })]);
});
afterAll(async () => {
  await Promise.all([provider.process.stop(), second.process.stop()]);
  await dir.cleanup();
});
afterEach(() => {
  vi.restoreAllMocks();
});

function captureIo(env: NodeJS.ProcessEnv): CliIo & { err: () => string } {
  let err = '';
  return { stdout: () => undefined, stderr: (t) => void (err += t), env, err: () => err };
}

describe('tokens registered with the redaction as descriptors are read', () => {
  it("the app: collecting registers the token, and the app's logger masks it in a line written by mistake", async () => {
    const secrets = new SecretRegistry();
    const written: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void written.push(String(line)));
    // As main/services.ts builds it: the app's sink behind the core's redacting logger.
    const logger = createRedactingLogger(createMainLogSink({}), secrets);
    // Nothing is known before a descriptor is read: the line would go out as it is.
    expect(secrets.redact(provider.descriptor.token)).toBe(provider.descriptor.token);

    const collection = await collectContext({ pid: provider.pid }, { os, env: dir.env, logger, secrets });
    expect(collection.kind).toBe('collected');
    logger.error(`a mistake: Authorization: Bearer ${provider.descriptor.token}`);
    expect(written.at(-1)).toBe('[glance] error: a mistake: Authorization: Bearer [redacted]');
    // Every descriptor read counts, not only the one used: the other provider's file was read too.
    logger.warn(`another: ${second.descriptor.token}`);
    expect(written.at(-1)).toBe('[glance] warn: another: [redacted]');
    expect(written.join('\n')).not.toContain(provider.descriptor.token);
  });

  it("the CLI: `glance providers` registers each token, and the CLI's log masks it", async () => {
    const io = captureIo({ ...dir.env, GLANCE_DEBUG: '1' });
    const deps = createCliDeps(io, os);
    expect(await main(['providers'], io, deps)).toBe(0);
    deps.logger.warn(`a mistake: ${provider.descriptor.token} and ${second.descriptor.token}`);
    expect(io.err()).toBe('glance: warn: a mistake: [redacted] and [redacted]\n');
  });

  it("the CLI: `glance current` registers the token as discovery reads it", async () => {
    const io = captureIo({ ...dir.env, GLANCE_DEBUG: '1' });
    const deps = createCliDeps(io, os);
    expect(await main(['current', '--pid', String(provider.pid)], io, deps)).toBe(0);
    deps.logger.error(provider.descriptor.token);
    expect(io.err()).toContain('glance: error: [redacted]\n');
    expect(io.err()).not.toContain(provider.descriptor.token);
  });

  it('check-provider registers the token of the descriptor it checks', async () => {
    const secrets = new SecretRegistry();
    const report = await runChecks(provider.pid, { os, folder: providersFolder(dir.env), uid: process.getuid?.() ?? -1, timeoutMs: 1500, secrets });
    expect(report.kind).toBe('checked');
    expect(secrets.redact(`x ${provider.descriptor.token} y`)).toBe('x [redacted] y');
  });
});
