import { useEffect, useState, type JSX } from 'react';
import type { GlanceApi } from './bridge.js';
import { AgentFields } from './settings/AgentFields.js';

type Settings = Awaited<ReturnType<GlanceApi['getSettings']>>;

/** Hotkey, time limit, launch at login, pause, and who answers. Saved through main, which applies and stores them. */
export function SettingsView(props: { api: GlanceApi; onDone(): void }): JSX.Element {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    void props.api.getSettings().then(setSettings);
  }, [props.api]);

  if (!settings) return <p className="status">Loading settings…</p>;

  const save = async (): Promise<void> => {
    try {
      const result = await props.api.saveSettings(settings);
      setSettings(result.settings);
      setProblems(result.problems);
      setSaved(result.problems.length === 0);
    } catch {
      setProblems(['Glance could not save these settings: check the hotkey, the time limit and the server address.']);
      setSaved(false);
    }
  };

  return (
    <form className="settings" aria-label="Settings" onSubmit={(event) => { event.preventDefault(); void save(); }}>
      <label className="field">
        <span>Hotkey</span>
        <input aria-label="Hotkey" value={settings.hotkey} onChange={(e) => setSettings({ ...settings, hotkey: e.target.value })} />
        <small>Three modifiers avoid clashes with Spotlight and input sources, e.g. Control+Alt+Command+G.</small>
      </label>
      <label className="field">
        <span>Time limit for an app to answer (seconds)</span>
        <input
          aria-label="Time limit in seconds"
          type="number"
          min={0.25}
          max={10}
          step={0.25}
          value={settings.timeoutMs / 1000}
          onChange={(e) => setSettings({ ...settings, timeoutMs: Math.round(Number(e.target.value) * 1000) })}
        />
      </label>
      <label className="check">
        <input type="checkbox" aria-label="Launch Glance at login" checked={settings.launchAtLogin} onChange={(e) => setSettings({ ...settings, launchAtLogin: e.target.checked })} />
        <span>Launch Glance at login</span>
      </label>
      <label className="check">
        <input type="checkbox" aria-label="Pause Glance" checked={settings.paused} onChange={(e) => setSettings({ ...settings, paused: e.target.checked })} />
        <span>Pause Glance (the hotkey does nothing)</span>
      </label>
      <AgentFields api={props.api} settings={settings} onChange={setSettings} />
      {problems.map((problem) => (
        <p key={problem} className="notice" role="alert">{problem}</p>
      ))}
      {saved ? <p className="status" role="status">Saved.</p> : null}
      <div className="settings__actions">
        <button type="button" className="button" aria-label="Back to the context" onClick={props.onDone}>Back</button>
        <button type="submit" className="button button--primary" aria-label="Save settings">Save</button>
      </div>
    </form>
  );
}
