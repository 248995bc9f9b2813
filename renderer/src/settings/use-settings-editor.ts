import { useCallback, useEffect, useState } from 'react';
import { MAX_MODEL_CHARS, MAX_TIMEOUT_MS, MIN_TIMEOUT_MS } from '../../../contract/settings.js';
import type { GlanceApi } from '../bridge.js';
import { settingsProblemWords } from '../words/notices.js';
import type { Settings, SettingsPatch as Patch } from '../../../contract/settings.js';

/** A field of the settings view, as its problems and its "Saved" mark are keyed. */
export type FieldName = keyof Settings;

/** What each field says when main refused its value outright (the contract's schema). */
const REFUSED: Partial<Record<FieldName, string>> = {
  hotkey: 'That is not a shortcut Glance can use: modifiers and one key, such as Control-Option-Command-G.',
  timeoutMs: `Choose a time limit between ${MIN_TIMEOUT_MS / 1000} and ${MAX_TIMEOUT_MS / 1000} seconds.`,
  baseURL: 'Use an http or https address, such as http://127.0.0.1:11434/v1.',
  model: `A model name is at most ${MAX_MODEL_CHARS} characters.`,
};

/** The settings being edited: each change is applied at once, and its problems stay beside its field. */
export interface SettingsEditor {
  settings: Settings | null;
  problems: Partial<Record<FieldName, string>>;
  /** The field saved last, for its quiet "Saved" mark. */
  saved: FieldName | null;
  /** Applies one field's change through main, which stores it and puts it in force. */
  apply(field: FieldName, patch: Patch): Promise<void>;
  /** Shows a problem found before asking main (a conflicting shortcut). */
  setProblem(field: FieldName, problem: string | undefined): void;
}

/** Reads the settings and applies changes one field at a time (no Save button: a Mac applies as you go). */
export function useSettingsEditor(api: GlanceApi): SettingsEditor {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [problems, setProblems] = useState<Partial<Record<FieldName, string>>>({});
  const [saved, setSaved] = useState<FieldName | null>(null);

  useEffect(() => {
    void api.getSettings().then(setSettings);
  }, [api]);

  const setProblem = useCallback((field: FieldName, problem: string | undefined) => {
    setProblems((before) => ({ ...before, [field]: problem }));
  }, []);

  const apply = useCallback(async (field: FieldName, patch: Patch) => {
    setSaved(null);
    try {
      const result = await api.saveSettings(patch);
      setSettings(result.settings);
      // One field changes at a time, so whatever main could not apply belongs to this field.
      setProblem(field, result.problems.length > 0 ? result.problems.map(settingsProblemWords).join(' ') : undefined);
      if (result.problems.length === 0) setSaved(field);
    } catch {
      setProblem(field, REFUSED[field] ?? 'Glance could not apply this change.');
    }
  }, [api, setProblem]);

  return { settings, problems, saved, apply, setProblem };
}
