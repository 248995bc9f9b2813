import { useEffect, useState, type JSX } from 'react';
import { ChevronRight } from 'lucide-react';
import type { GlanceApi } from '../bridge.js';
import { SettingRow } from '../settings/SettingRow.js';
import type { SettingsEditor } from '../settings/use-settings-editor.js';
import { settingsProblemWords } from '../words/notices.js';
import { RulesList } from './RulesList.js';
import type { Settings } from '../../../contract/settings.js';
import type { InvokeResponse } from '../../../contract/ipc.js';

/** Whether payloads can be kept here, and if not, why in the panel's words. */
interface PayloadKeeping {
  available: boolean;
  reason?: string;
}

/** Whether payloads can be kept here (main asks safeStorage, and sends why not as a kind); null until it answers. */
function usePayloadKeeping(api: GlanceApi): PayloadKeeping | null {
  const [keeping, setKeeping] = useState<PayloadKeeping | null>(null);
  useEffect(() => {
    let live = true;
    const said = (k: InvokeResponse<'payloadKeeping'>): PayloadKeeping => (k.problem ? { available: false, reason: settingsProblemWords(k.problem) } : { available: k.available });
    api.payloadKeeping().then((k) => { if (live) setKeeping(said(k)); }, () => { if (live) setKeeping({ available: false, reason: 'Glance could not tell whether it can encrypt here, so it keeps receipts only.' }); });
    return () => { live = false; };
  }, [api]);
  return keeping;
}

/** How long receipts may be kept, in the choices a person makes; the settings allow 1 to 3650 days. */
const DAYS = [1, 7, 30, 90, 365];

/**
 * Settings › Privacy: how long receipts are kept, whether the payload is kept with them
 * (encrypted with the Keychain), the way into History, and the rules per app.
 */
export function PrivacyFields(props: { api: GlanceApi; editor: SettingsEditor; settings: Settings; onHistory(): void }): JSX.Element {
  const { editor, settings } = props;
  const keeping = usePayloadKeeping(props.api);
  // Without a way to encrypt, the switch cannot be turned on, and the reason takes the hint's place:
  // never a "Saved" for a switch that keeps nothing. One left on (from before) can still be turned off.
  const cannotKeep = keeping !== null && !keeping.available;
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
        <SettingRow
          editor={editor} field="keepPayloads" label="Keep what was sent" labelFor="setting-keep-payloads"
          hint={cannotKeep
            ? <span id="keep-payloads-unavailable" data-testid="keep-payloads-unavailable">{keeping.reason}</span>
            : "Also keeps each request’s payload, encrypted with your Keychain, so History can show it. Off: only the receipt."}
        >
          <input
            id="setting-keep-payloads" className="switch" type="checkbox" role="switch" checked={settings.keepPayloads}
            disabled={cannotKeep && !settings.keepPayloads} aria-describedby={cannotKeep ? 'keep-payloads-unavailable' : undefined}
            onChange={(e) => void editor.apply('keepPayloads', { keepPayloads: e.target.checked })}
          />
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
