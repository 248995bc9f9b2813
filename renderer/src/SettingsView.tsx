import type { JSX } from 'react';
import { DEFAULT_SETTINGS, MAX_TIMEOUT_MS } from '../../contract/settings.js';
import type { GlanceApi } from './bridge.js';
import { PrivacyFields } from './privacy/PrivacyFields.js';
import { AgentFields } from './settings/AgentFields.js';
import { BrowserFields } from './settings/BrowserFields.js';
import { CommandFields } from './settings/CommandFields.js';
import { ShortcutRecorder } from './settings/ShortcutRecorder.js';
import { SettingRow } from './settings/SettingRow.js';
import { useSettingsEditor } from './settings/use-settings-editor.js';

/** The time limits offered: from a quick app to a slow one, the default among them, up to the longest the settings allow. */
const LIMITS_MS = [...new Set([500, 1000, DEFAULT_SETTINGS.timeoutMs, 2000, 3000, 5000, MAX_TIMEOUT_MS])].sort((a, b) => a - b);

/**
 * Settings, applied as they are changed (no Save button), each problem beside its field: the
 * hotkey (recorded, shown as keycaps), the time limit, login and pause, who answers, and
 * privacy (receipts, kept payloads, History, the rules per app), and the browser helper.
 */
export function SettingsView(props: { api: GlanceApi; onHistory(): void }): JSX.Element {
  const editor = useSettingsEditor(props.api);
  const { settings } = editor;
  if (!settings) return <p className="settings__loading">Loading settings…</p>;
  const limits = LIMITS_MS.includes(settings.timeoutMs) ? LIMITS_MS : [...LIMITS_MS, settings.timeoutMs].sort((a, b) => a - b);
  return (
    <div className="settings scroll-edges" role="region" aria-label="Settings">
      <section className="group" aria-label="General">
        <SettingRow editor={editor} field="hotkey" label="Shortcut" hint="Press it in any app to ask about that app.">
          <ShortcutRecorder
            hotkey={settings.hotkey}
            problemId={editor.problems.hotkey ? 'problem-hotkey' : undefined}
            onRecord={(hotkey) => void editor.apply('hotkey', { hotkey })}
            onProblem={(problem) => editor.setProblem('hotkey', problem)}
          />
        </SettingRow>
        <SettingRow editor={editor} field="timeoutMs" label="Time to answer" labelFor="setting-timeout" hint="How long an app has to share its context.">
          <select id="setting-timeout" aria-label="Time limit in seconds" value={settings.timeoutMs} onChange={(e) => void editor.apply('timeoutMs', { timeoutMs: Number(e.target.value) })}>
            {limits.map((ms) => <option key={ms} value={ms}>{`${(ms / 1000).toLocaleString()} s`}</option>)}
          </select>
        </SettingRow>
        <SettingRow editor={editor} field="launchAtLogin" label="Open at login" labelFor="setting-login">
          <input id="setting-login" className="switch" type="checkbox" role="switch" checked={settings.launchAtLogin} onChange={(e) => void editor.apply('launchAtLogin', { launchAtLogin: e.target.checked })} />
        </SettingRow>
        <SettingRow editor={editor} field="paused" label="Pause Glance" labelFor="setting-pause" hint="While paused the shortcut does nothing and no app is read.">
          <input id="setting-pause" className="switch" type="checkbox" role="switch" checked={settings.paused} onChange={(e) => void editor.apply('paused', { paused: e.target.checked })} />
        </SettingRow>
      </section>
      <AgentFields api={props.api} editor={editor} settings={settings} />
      <PrivacyFields api={props.api} editor={editor} settings={settings} onHistory={props.onHistory} />
      <BrowserFields api={props.api} />
      <CommandFields api={props.api} />
    </div>
  );
}
