/**
 * The host core as main/ uses it: one door, so the Electron process depends on what the core
 * offers, not on where inside app/ each piece lives (docs/architecture.md, "main/ and the core: one door"). Main imports app/ only
 * through this file and the plain-type modules docs/architecture.md lists (lint enforces it);
 * `glance ask` takes collect from here too, and runs the same ask (app/ask). The command's other commands import
 * their few modules directly: this door brings the model SDKs, which `glance current` must not
 * load (test/cli/bundle.test.ts).
 */

// One press: collect the front app's context from the first source that has it (its provider,
// or for an app without one the OS's accessibility layer, with the user's consent), locate an
// element again through its source.
export { collectContext } from './invocation/collect.js';
export { collectFrontApp } from './sources/collect.js';
export { bySource } from './sources/by-source.js';
export type { Collection } from './sources/types.js';
export { behindPermission, createAccessibilityReader, type AccessibilityReader } from './os/accessibility/index.js';
export { isElectronApp } from './os/accessibility/electron-app.js';
export type { LocateResult } from './invocation/locate.js';
export type { SourceKind } from '../contract/sources.js';
export { createHostCache } from './invocation/host-cache.js';
export { publishedApps } from './discovery/find.js';
export { providersFolder } from '@app-context/provider-kit/platform';
export { createOs } from './os/index.js';
// The front app's own icon: found by the OS's rules, sent to the page as a data: URL.
export { cachedAppIcons, iconDataUrl, type AppIcons } from './os/app-icon.js';
export { createLinuxAppIcons } from './os/app-icon-linux.js';

// Ask: the one ask (the panel's and `glance ask`'s), the conversation, the prompt and what it names.
export { askAbout } from './ask/ask.js';
export { destinationOf } from '../contract/destination.js';
export { planAsk, type AskChoices } from './ask/plan.js';
export { localRuleBlocks } from './rules/gate.js';
export { subjectOf, type AskSubject, type CollectedContext } from './ask/subject.js';
export type { Conversation } from './agent/conversation.js';
export type { LocateFn } from './agent/highlight-tool.js';
export { buildAgentPayload, contextParts, type SentContext } from './agent/prompt.js';
export { citedIds } from './agent/citations.js';
// Who answers on the first run: model servers already running here, and a key checked before it is stored.
export { findLocalServers, type LocalServerProbe } from './agent/local-servers.js';
export { checkApiKey } from './agent/key-check.js';

// Privacy: the rules, the screening, what goes out and the receipts.
export { createPrivacyService, type PrivacyService } from './privacy/service.js';
export { matchExclusions } from './rules/match.js';
export { RulesDamagedError } from './rules/store.js';
export { panelTree, shownIds } from './withhold/shown.js';
export { MODEL_API_KEY } from './withhold/kinds.js';
export type { PayloadCipher } from './history/schema.js';

// The data folder, the settings file, the log.
export { glanceHomePath, openGlanceHome } from './home/folder.js';
export { readOptionalBytes, UnreadableFileError } from './home/files.js';
export { createSettingsStore, type SettingsStore } from './settings/store.js';
export { createRedactingLogger, SecretRegistry, type Logger, type LogSink } from './log/logger.js';

// Words and places: one line of a provider's text, the panel and the overlay on the displays.
export { oneLine } from './text/cap-text.js';
export { overlaysForRects, type OverlayDisplay } from './geometry/overlay.js';
export { panelPosition } from './geometry/panel-position.js';
export { placeBeside } from './geometry/placement.js';

// The browser helper, as Settings › Browser installs it (the same files as `glance browser`).
export { BROWSER_NAMES, BROWSERS, userDataFolder, type BrowserName, type Surroundings } from './browser/browsers.js';
export { browserHelperStatus, installBrowserHelper, uninstallBrowserHelper } from './browser/install.js';
export { extensionIdOf } from './browser/extension-id.js';
export { shippedFiles, type ShippedFiles } from './browser/shipped.js';
// The `glance` command on the PATH, as Settings › Command line and the app menu install it.
export { CommandInTheWay, commandFolders, commandStatus, installCommand, shippedCommand, uninstallCommand, writableFolder } from './command/on-path.js';
