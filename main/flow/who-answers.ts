import { checkApiKey, findLocalServers, type LocalServerProbe } from '../../app/host.js';
import type { KeyedBackendId } from '../../contract/backends.js';
import type { KeyProblem, KeyStatus } from '../../contract/ipc.js';
import type { CheckKeyResult, LocalServers } from '../../contract/who-answers.js';

/**
 * The welcome's choice of who answers, main's side: the model servers running on this machine,
 * looked for when the panel asks (opening the welcome, "Look again"), and a pasted key, checked
 * with one small request to its service and stored only when the service accepted it. Saving the
 * choice itself is an ordinary settings change.
 */
export interface WhoAnswers {
  localServers(): Promise<LocalServers>;
  checkKey(backend: KeyedBackendId, key: string): Promise<CheckKeyResult>;
}

/** What it needs: the key store, and where to look and send (tests: played servers on loopback). */
export interface WhoAnswersDeps {
  keys: {
    status(): Promise<KeyStatus>;
    set(backend: KeyedBackendId, key: string): Promise<{ status: KeyStatus; problem?: KeyProblem }>;
  };
  /** The ports asked; the usual ones when absent (MainPorts.localServers). */
  probes?: readonly LocalServerProbe[];
  /** The fetch the check sends with (MainPorts.modelFetch); the global one when absent. */
  modelFetch?: typeof fetch;
}

/** The welcome's side of main. */
export function createWhoAnswers(deps: WhoAnswersDeps): WhoAnswers {
  return {
    localServers: () => findLocalServers(deps.probes ? { probes: deps.probes } : {}),
    async checkKey(backend, key) {
      // A key that could not be kept is not sent to be checked either: the panel says why first.
      const before = await deps.keys.status();
      if (before.problem) return { backend, check: 'not-checked', stored: false, problem: before.problem };
      const { check, httpStatus } = await checkApiKey({ backend, key, ...(deps.modelFetch ? { fetch: deps.modelFetch } : {}) });
      const checked = { backend, check, ...(httpStatus !== undefined ? { httpStatus } : {}) };
      if (check !== 'accepted') return { ...checked, stored: false };
      const { problem } = await deps.keys.set(backend, key);
      return problem ? { ...checked, stored: false, problem } : { ...checked, stored: true };
    },
  };
}
