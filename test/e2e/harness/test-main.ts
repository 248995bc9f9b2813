import { join } from 'node:path';
import type { SafeStorage } from 'electron';
import type { OverlayDisplay } from '../../../app/geometry/overlay.js';
import { createRedactingLogger, SecretRegistry, type Logger } from '../../../app/log/logger.js';
import type { FrontApp, OsServices } from '../../../app/os/types.js';
import { collectContext } from '../../../app/invocation/collect.js';
import { locateRef } from '../../../app/invocation/locate.js';
import { DEFAULT_SETTINGS } from '../../../contract/settings.js';
import { createSettingsStore } from '../../../app/settings/store.js';
import { createAgentService } from '../../../main/flow/agent-service.js';
import { createController } from '../../../main/flow/controller.js';
import { createOverlayService } from '../../../main/flow/overlay-service.js';
import { createSampleNotes, SAMPLE_NOTES } from '../../../main/flow/sample-notes.js';
import { createSettingsService } from '../../../main/flow/settings-service.js';
import { createStateHub, followInvocations, initialPanelState, type StateHub } from '../../../main/flow/state-hub.js';
import type { AnswerState, Drawing, InvokeHandlers } from '../../../contract/ipc.js';
import { createHandlers } from '../../../main/ipc/handlers.js';
import { launchNodeChild } from '../../helpers/spawn.js';
import { ROOT } from './build.js';
import { createSecretStore, type SafeStorageLike } from '../../../main/secrets.js';

/**
 * Main's real pieces, wired as main/index.ts wires them, minus what only Electron has: the
 * windows (a visibility flag; overlay drawings go to listeners), the hotkey (pressHotkey), the
 * front app (the pid the test names) and the Keychain (a reversible stand-in: safeStorage
 * exists only inside Electron, and the e2e tests are about the flow, not the cipher).
 */
export interface TestMain {
  hub: StateHub;
  handlers: InvokeHandlers;
  logLines: string[];
  /** The one display the e2e overlay page stands for. */
  display: OverlayDisplay;
  pressHotkey(front: FrontApp): void;
  panelVisible(): boolean;
  onAnswer(listener: (answer: AnswerState | null) => void): () => void;
  onDraw(listener: (displayId: number | string, drawing: Drawing) => void): () => void;
  /** Ends the Sample Notes that "Try with Sample Notes" started, if any. */
  stopSample(): Promise<void>;
}

/** A stand-in for safeStorage that only marks and base64-encodes: never use it outside tests. */
export const testSafeStorage = {
  isAsyncEncryptionAvailable: async () => true,
  encryptStringAsync: async (text: string) => Buffer.from(`glance-test:${Buffer.from(text).toString('base64')}`),
  decryptStringAsync: async (blob: Buffer) => ({ result: Buffer.from(blob.toString().replace(/^glance-test:/, ''), 'base64').toString(), shouldReEncrypt: false }),
  getSelectedStorageBackend: () => 'gnome_libsecret' as const,
} satisfies SafeStorageLike & Pick<SafeStorage, 'getSelectedStorageBackend'>;

/** Builds main's pieces over the real core and real OS services. */
export function createTestMain(options: { os: OsServices; env: NodeJS.ProcessEnv; dataDir: string }): TestMain {
  const logLines: string[] = [];
  // As main: the core registers each token it reads, and the logger blanks them.
  const secrets = new SecretRegistry();
  const logger: Logger = createRedactingLogger((level, message) => {
    if (level !== 'debug') logLines.push(message);
  }, secrets);
  const core = { os: options.os, env: options.env, logger, secrets };
  const hub = createStateHub(initialPanelState(DEFAULT_SETTINGS.hotkey, false));
  let front: FrontApp = { pid: 0 };
  let visible = false;
  const answerListeners = new Set<(answer: AnswerState | null) => void>();
  const drawListeners = new Set<(displayId: number | string, drawing: Drawing) => void>();
  const display: OverlayDisplay = { id: 1, bounds: { x: 0, y: 0, width: 1280, height: 800 } };

  const settings = createSettingsService({
    store: createSettingsStore(options.dataDir), hub, initial: DEFAULT_SETTINGS,
    effects: { applyHotkey: () => undefined, applyLaunchAtLogin: () => undefined },
  });
  const controller = createController({
    os: { frontApp: async () => ({ ok: true, app: front }) },
    collect: (app, callOptions) => collectContext(app, core, callOptions),
    timeoutMs: () => settings.current().timeoutMs,
    ownPid: process.pid,
    showPanel: () => { visible = true; },
    hub, logger,
  });
  const keys = createSecretStore({ safeStorage: testSafeStorage, folder: options.dataDir, platform: 'darwin', redact: secrets, logger });
  const overlay = createOverlayService({
    displays: () => [display],
    windows: {
      draw: (d, drawing) => { for (const listener of drawListeners) listener(d.id, drawing); },
      hideAll: () => undefined,
    },
  });
  const agent = createAgentService({
    collected: controller.collected,
    settings: settings.current,
    apiKey: keys.get,
    locate: (ref, callOptions) => locateRef(ref, core, callOptions),
    overlay,
    publish: (answer) => { for (const listener of answerListeners) listener(answer); },
    logger,
  });
  followInvocations(hub, { started: () => agent.reset(), collected: () => undefined });
  const sample = createSampleNotes({ launch: () => launchNodeChild([join(ROOT, 'dist/provider/sample/main.js')], options.env), env: options.env, logger });
  const handlers = createHandlers({
    hub, controller, settings, agent, keys, overlay,
    closePanel: () => { visible = false; },
    openExternal: async () => undefined,
    trySampleNotes: () => void controller.collectFrom(SAMPLE_NOTES, () => sample.start()),
  });
  const subscribe = <T>(set: Set<T>, listener: T): (() => void) => {
    set.add(listener);
    return () => set.delete(listener);
  };
  return {
    hub, handlers, logLines, display,
    pressHotkey: (app) => {
      // The same flow as the real hotkey: the controller asks the "OS" for the front app first.
      front = app;
      void controller.onHotkey();
    },
    panelVisible: () => visible,
    onAnswer: (listener) => subscribe(answerListeners, listener),
    onDraw: (listener) => subscribe(drawListeners, listener),
    stopSample: () => sample.stop(),
  };
}
