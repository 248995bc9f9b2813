import { idsWithState } from '../agent/context-tree.js';
import { fetchCurrent } from '../client/current.js';
import { fetchLocation } from '../client/location.js';
import type { CallOptions } from '../client/types.js';
import type { VerifiedProvider } from '../discovery/types.js';
import type { FrontApp } from '../os/types.js';
import { oneLine } from '../text/cap-text.js';
import { publicDescriptor, type Element } from '@app-context/provider-kit/protocol';
import { shownIds } from '../withhold/shown.js';
import type { LocateResult } from './locate.js';
import { providerSource } from './source.js';
import type { ProviderCollection } from './types.js';
import { verifiedCall, type CoreDeps } from './verified-call.js';
import { describeIgnored } from './ignored.js';

/** How one collection goes besides its time limit. */
export interface CollectOptions extends CallOptions {
  /**
   * Also ask the same verified provider where the answer's selected element is (for the panel
   * beside the selection): started once `current` answered, not waited for, within its own time
   * limit and the same signal.
   */
  locateSelection?: boolean;
}

/**
 * The whole pipeline for one invocation, on the user's action only: discover and verify the
 * front app's provider, call `current` within the time limit, read the answer tolerantly
 * (verifiedCall, fetchCurrent). Every way of collecting nothing comes back as a named outcome,
 * never as a throw.
 */
/** What is said of a process id that names no running process, by every command that takes one. */
export function notRunning(pid: number): string {
  return `no process ${pid} is running (it quit, or the process id is not the app's)`;
}

export async function collectContext(app: FrontApp, deps: CoreDeps, options: CollectOptions = {}): Promise<ProviderCollection> {
  const appName = app.name ?? `process ${app.pid}`;
  const { locateSelection, ...callOptions } = options;
  let selection: Promise<LocateResult> | undefined;
  const result = await verifiedCall(app, deps, callOptions, async (provider, within) => {
    const outcome = await fetchCurrent(provider, within);
    if (outcome.ok && locateSelection === true) selection = locateSelected(provider, outcome.answer.root, within, callOptions);
    return outcome;
  });
  switch (result.kind) {
    case 'cancelled':
      return { kind: 'cancelled', app };
    case 'none': {
      // A process id that names no running process is said as such, not as an app without a provider.
      if (!(await deps.os.isAlive(app.pid))) return { kind: 'no-provider', app, reason: notRunning(app.pid) };
      const why = result.folder.usable ? 'it has published no descriptor' : result.folder.reason ?? 'the providers folder cannot be read';
      return { kind: 'no-provider', app, reason: `${appName} does not share context with Glance (${why})` };
    }
    case 'ignored':
      return { kind: 'ignored', app, reasons: result.verdicts.map((v) => describeIgnored(appName, v)) };
    case 'unverified':
      deps.logger?.info(`${oneLine(result.verdict.descriptor?.name ?? appName)}: ${result.verdict.reason ?? ''}`);
      return { kind: 'ignored', app, reasons: [result.verdict, ...result.ignored].map((v) => describeIgnored(appName, v)) };
    case 'ruled-out':
      return { kind: 'ruled-out', app, provider: publicDescriptor(result.provider.descriptor), rule: result.verdict.rule, reason: result.verdict.reason };
    case 'called':
      break;
  }
  const { descriptor } = result.provider;
  const provider = publicDescriptor(descriptor);
  const outcome = result.outcome;
  if (outcome.ok) {
    // What the standing exclusions and the secret scan leave out (app/privacy): every token
    // discovery read, this provider's or another's, is a secret in the answer too.
    const screening = result.rule && deps.privacy?.screen ? await deps.privacy.screen(outcome.answer.root, result.rule, deps.secrets?.known()) : undefined;
    // The reader's warnings name ids: one that holds a secret is named as withheld@N instead (app/withhold/shown.ts).
    const hidden = shownIds(screening?.withheld ?? []);
    const warnings = outcome.warnings.map(hidden.hide);
    for (const warning of warnings) deps.logger?.warn(`${oneLine(descriptor.name)}: ${warning}`);
    // Every later location of these ids goes to this verified pid, bundle id, helper and instance only.
    const source = providerSource({
      pid: descriptor.pid, bundleId: descriptor.bundleId, instance: descriptor.instance,
      ...(descriptor.helperPid !== undefined ? { helperPid: descriptor.helperPid } : {}),
    }, deps);
    return {
      kind: 'collected', app, provider, answer: outcome.answer, warnings,
      ignored: result.ignored.map((v) => describeIgnored(appName, v)),
      ...(screening ? { screening } : {}),
      source,
      ...(selection ? { selection } : {}),
    };
  }
  deps.logger?.info(`${oneLine(descriptor.name)}: ${outcome.reason}`);
  switch (outcome.kind) {
    case 'aborted':
      return { kind: 'cancelled', app };
    case 'refused':
      return { kind: 'refused', app, provider, reason: outcome.reason };
    // No usable answer: a time limit, a broken or failed exchange, a tool not offered, a check that refused.
    case 'no-answer':
    case 'error':
    case 'not-offered':
    case 'ignored':
      return { kind: 'no-answer', app, provider, reason: outcome.reason, timedOut: outcome.kind === 'no-answer' && outcome.timedOut === true };
  }
}

/**
 * The selected element's location from the provider `current` just answered on, over the same
 * session: no second discovery, no second check. The time limit starts again, as a `location`
 * call's own; a failure is an outcome, never a throw.
 */
function locateSelected(provider: VerifiedProvider, root: Element, within: CallOptions, options: CallOptions): Promise<LocateResult> | undefined {
  const selected = idsWithState(root, 'selected')[0];
  if (!selected) return undefined;
  const call = fetchLocation(provider, selected.id, { ...within, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) });
  return call.then((outcome) => ({ ...outcome, asked: true }), () => ({ ok: false, kind: 'aborted', reason: 'locating failed inside Glance', asked: false }));
}
