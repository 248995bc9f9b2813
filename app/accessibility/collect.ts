/**
 * The accessibility source (app/sources/plugin.ts): an app without a provider, read through the
 * OS's accessibility layer with the user's consent, under the user's rules. collectFrontApp
 * tries it only after the provider source found no descriptor at all, within what is left of
 * the same time limit (app/sources/collect.ts).
 */
import type { CallOptions } from '../client/types.js';
import type { CoreDeps } from '../invocation/verified-call.js';
import type { FrontApp } from '../os/types.js';
import { DEFAULT_TIMEOUT_MS } from '@app-context/provider-kit/protocol';
import { isInterpreterBundleId } from '../../contract/interpreter.js';
import { consentKey } from '../rules/consent.js';
import { noConsentReason } from './consent-words.js';
import { shownIds } from '../withhold/shown.js';
import { mayRead, type IdentifiedApp, type SourcePlugin } from '../sources/plugin.js';
import { accessibilitySource } from './source.js';
import { answerFromRead } from './tree.js';
import type { AccessibilityAccess, AccessibilityCollection } from './types.js';

/** The accessibility source over `access`: the reader, and whether this press granted its consent. */
export function accessibilityPlugin(access: AccessibilityAccess): SourcePlugin<'accessibility'> {
  const plugin: SourcePlugin<'accessibility'> = {
    kind: 'accessibility',
    consent: storedConsent,
    collect: (app, deps, options) => readThroughAccessibility(app, deps, options, access, plugin),
    // The last source: nothing follows it.
    passes: () => false,
  };
  return plugin;
}

/** The user's standing answer for the app (`ask` when nothing is stored), keyed as a standing choice names it. */
async function storedConsent(app: IdentifiedApp, deps: CoreDeps): ReturnType<SourcePlugin['consent']> {
  const { bundleId } = app;
  // An interpreter's name is every program it runs: a standing choice names the one program (app/rules/consent.ts).
  const key = consentKey(bundleId, isInterpreterBundleId(bundleId) ? await deps.os.program(app.pid, bundleId) : undefined);
  const stored = (await deps.privacy?.accessibility(key)) ?? { consent: 'ask' };
  return { ...stored, key };
}

/** The accessibility path: identity, rule, consent, read, tree, screening; every "no" a named outcome. */
async function readThroughAccessibility(app: FrontApp, deps: CoreDeps, options: CallOptions, access: AccessibilityAccess, plugin: SourcePlugin<'accessibility'>): Promise<AccessibilityCollection> {
  const who = app.name ?? `process ${app.pid}`;
  // The identity rules use: the OS's bundle id (Linux: its stand-in), as a provider's must match.
  const bundleId = app.bundleId ?? (await deps.os.bundleId(app.pid));
  if (bundleId === undefined) {
    return { kind: 'unreadable', app, code: 'no-identity', reason: `the system does not say which app ${who} is, so your rules cannot be applied to it and it is not read`, timedOut: false };
  }
  const rule = await deps.privacy?.gate({ bundleId });
  if (rule !== undefined && !rule.ok) return { kind: 'ruled-out', app, rule: rule.rule, reason: rule.reason };
  const need = await plugin.consent({ ...app, bundleId }, deps);
  // `none` and `always` always read: named here only so that a refusal's consent is `ask` or `never`.
  if (need.consent !== 'none' && need.consent !== 'always' && !mayRead(need.consent, access.granted)) {
    const { key, consent, byInterpreter, passwordManager } = need;
    return { kind: 'no-consent', app, bundleId, key, consent, ...(byInterpreter ? { byInterpreter } : {}), ...(passwordManager ? { passwordManager } : {}), reason: noConsentReason(key, need, who) };
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
  // The same screening as a provider's answer (app/invocation/collect.ts): standing exclusions, secrets, known tokens.
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
