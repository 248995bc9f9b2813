/**
 * One press's collection from either source. A provider always wins: the provider path runs
 * first (collectContext), and only when the front app has no descriptor at all (`no-provider`)
 * may it be read through the OS's accessibility layer, with the user's consent, under the
 * user's rules, within what is left of the same time limit.
 *
 * `ignored` (descriptors name this very process and each failed Glance's checks) does not fall
 * through: the app means to share context itself, and chose what to share; reading it another
 * way would hide a broken or spoofed provider from the user and bypass the app's own choices.
 */
import type { CallOptions } from '../client/types.js';
import { collectContext, type CollectOptions } from '../invocation/collect.js';
import type { CoreDeps } from '../invocation/verified-call.js';
import type { FrontApp } from '../os/types.js';
import { DEFAULT_TIMEOUT_MS } from '@app-context/provider-kit/protocol';
import { isInterpreterBundleId } from '../../contract/interpreter.js';
import { consentKey } from '../rules/consent.js';
import { noConsentReason } from './consent-words.js';
import { shownIds } from '../withhold/shown.js';
import { accessibilitySource } from './source.js';
import { answerFromRead } from './tree.js';
import type { AccessibilityAccess, FrontCollection } from './types.js';

/** The front app's context: its provider's answer, or, without a provider and with `access`, an accessibility read. */
export async function collectFrontApp(
  app: FrontApp,
  deps: CoreDeps,
  /** The provider path's options too (`locateSelection`): the accessibility path reads only the time limit and the signal. */
  options: CollectOptions = {},
  access?: AccessibilityAccess,
  /** The provider path; `glance ask`'s tests pass their own (app/cli/ask.ts, AskServices). */
  collect: typeof collectContext = collectContext,
): Promise<FrontCollection> {
  const started = performance.now();
  const collection = await collect(app, deps, options);
  // A provider's collection already names its source (collectContext).
  if (collection.kind !== 'no-provider' || access === undefined) return collection;
  // A process id that names no running process has nothing to read either: said as such (collectContext's reason).
  if (!(await deps.os.isAlive(app.pid))) return collection;
  const limit = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const left = { ...options, timeoutMs: Math.max(1, limit - (performance.now() - started)) };
  return readThroughAccessibility(app, deps, left, access);
}

/** The accessibility path: identity, rule, consent, read, tree, screening; every "no" a named outcome. */
async function readThroughAccessibility(app: FrontApp, deps: CoreDeps, options: CallOptions, access: AccessibilityAccess): Promise<FrontCollection> {
  const who = app.name ?? `process ${app.pid}`;
  // The identity rules use: the OS's bundle id (Linux: its stand-in), as a provider's must match.
  const bundleId = app.bundleId ?? (await deps.os.bundleId(app.pid));
  if (bundleId === undefined) {
    return { kind: 'unreadable', app, code: 'no-identity', reason: `the system does not say which app ${who} is, so your rules cannot be applied to it and it is not read`, timedOut: false };
  }
  const rule = await deps.privacy?.gate({ bundleId });
  if (rule !== undefined && !rule.ok) return { kind: 'ruled-out', app, rule: rule.rule, reason: rule.reason };
  // An interpreter's name is every program it runs: a standing choice names the one program (app/rules/consent.ts).
  const key = consentKey(bundleId, isInterpreterBundleId(bundleId) ? await deps.os.program(app.pid, bundleId) : undefined);
  const stored = (await deps.privacy?.accessibility(key)) ?? { consent: 'ask' };
  if (stored.consent === 'never' || (stored.consent === 'ask' && !access.granted)) {
    return { kind: 'no-consent', app, bundleId, key, consent: stored.consent, ...(stored.byInterpreter ? { byInterpreter: true } : {}), ...(stored.passwordManager ? { passwordManager: true } : {}), reason: noConsentReason(key, stored, who) };
  }
  if (options.signal?.aborted) return { kind: 'cancelled', app };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const result = await access.reader.read(app.pid, { timeoutMs, ...(options.signal ? { signal: options.signal } : {}) });
  if (!result.ok) {
    if (result.code === 'cancelled') return { kind: 'cancelled', app };
    deps.logger?.info(`accessibility read of pid ${app.pid}: ${result.code}`);
    return { kind: 'unreadable', app, code: result.code, reason: result.reason, timedOut: result.code === 'timeout' };
  }
  const built = answerFromRead(result.read);
  if ('error' in built) return { kind: 'unreadable', app, code: 'failed', reason: `the accessibility read could not be read as context: ${built.error}`, timedOut: false };
  // The same screening as a provider's answer (collect.ts): standing exclusions, secrets, known tokens.
  const screening = rule && deps.privacy?.screen ? await deps.privacy.screen(built.answer.root, rule, deps.secrets?.known()) : undefined;
  const hidden = shownIds(screening?.withheld ?? []);
  const read = result.read;
  return {
    kind: 'collected',
    app,
    source: accessibilitySource(access.reader, { pid: app.pid, bundleId, read, ...(built.text ? { text: built.text } : {}) }, deps.privacy),
    identity: { bundleId, name: read.app.name !== '' ? read.app.name : who, pid: app.pid },
    answer: built.answer,
    warnings: built.warnings.map(hidden.hide),
    ignored: [],
    ...(screening ? { screening } : {}),
  };
}
