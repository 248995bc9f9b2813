import type { JSX } from 'react';
import { ChevronRight } from 'lucide-react';
import type { GlanceApi } from '../bridge.js';
import { SettingRow } from '../settings/SettingRow.js';
import type { SettingsEditor } from '../settings/use-settings-editor.js';
import { RulesList } from './RulesList.js';

type Settings = Awaited<ReturnType<GlanceApi['getSettings']>>;

/** How long receipts may be kept, in the choices a person makes; the settings allow 1 to 3650 days. */
const DAYS = [1, 7, 30, 90, 365];

/**
 * Settings › Privacy: how long receipts are kept, whether the payload is kept with them
 * (encrypted with the Keychain), the way into History, and the rules per app.
 */
export function PrivacyFields(props: { api: GlanceApi; editor: SettingsEditor; settings: Settings; onHistory(): void }): JSX.Element {
  const { editor, settings } = props;
  const days = DAYS.includes(settings.historyDays) ? DAYS : [...DAYS, settings.historyDays].sort((a, b) => a - b);
  return (
    <>
      <section className="group" aria-labelledby="group-privacy">
        <h2 className="group__title" id="group-privacy">Privacy</h2>
        <SettingRow editor={editor} field="historyDays" label="Keep receipts for" labelFor="setting-history-days" hint="A receipt says what went where; older ones are deleted.">
          <select id="setting-history-days" value={settings.historyDays} onChange={(e) => void editor.apply('historyDays', { historyDays: Number(e.target.value) })}>
            {days.map((n) => <option key={n} value={n}>{n === 1 ? '1 day' : `${n.toLocaleString()} days`}</option>)}
          </select>
        </SettingRow>
        <SettingRow editor={editor} field="keepPayloads" label="Keep what was sent" labelFor="setting-keep-payloads" hint="Also keeps each request's payload, encrypted with your Keychain, so History can show it. Off: only the receipt.">
          <input id="setting-keep-payloads" className="switch" type="checkbox" role="switch" checked={settings.keepPayloads} onChange={(e) => void editor.apply('keepPayloads', { keepPayloads: e.target.checked })} />
        </SettingRow>
        <div className="setting">
          <button type="button" className="setting__link" onClick={props.onHistory}>
            History<ChevronRight size={14} aria-hidden="true" />
          </button>
        </div>
      </section>
      <section className="group" aria-labelledby="group-rules">
        <h2 className="group__title" id="group-rules">Rules</h2>
        <div className="setting"><RulesList api={props.api} /></div>
      </section>
    </>
  );
}
