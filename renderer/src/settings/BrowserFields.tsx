import type { JSX } from 'react';
import { Check, FolderOpen } from 'lucide-react';
import type { BrowserView } from '../../../contract/browser-setup.js';
import type { GlanceApi } from '../bridge.js';
import { useSetupView } from './use-setup-view.js';
import { BROWSER_INTRO, browserProblemWords, connectedWords, NO_BROWSER_WORDS, removedWords } from '../words/browser.js';

/** What the section reads, and what it shows when even the first read failed. */
const readBrowsers = (api: GlanceApi): Promise<BrowserView> => api.getBrowsers();
const NOTHING_KNOWN: BrowserView = { browsers: [], extensionDir: '', extensionId: null, connected: null };

/**
 * Settings › Browser: what `glance browser install|uninstall|status` does, in the panel. Each
 * browser found on this computer, with Install (the native messaging host's manifest in its
 * folder) or "Installed"; whether the extension has connected; the browser's own steps to load
 * the extension, with a button that shows its folder; and Remove, which takes back all that
 * install wrote. Main does the work (main/flow/browser-setup.ts); the page names a browser only.
 */
export function BrowserFields(props: { api: GlanceApi }): JSX.Element {
  const { api } = props;
  const { view, busy, take } = useSetupView(api, readBrowsers, NOTHING_KNOWN);
  const installed = view?.browsers.filter((row) => row.installed) ?? [];
  // The steps name the first browser installed for; its extensions page is where "Load unpacked" is.
  const first = installed[0];
  return (
    <section className="group" aria-labelledby="group-browser" data-testid="browser-settings">
      <h2 className="group__title" id="group-browser">Browser</h2>
      <div className="setting">
        <p className="setting__hint browser__intro">{BROWSER_INTRO}</p>
        {view === null ? <p className="setting__hint">Looking for browsers…</p> : null}
        {view !== null && view.browsers.length === 0 ? <p className="setting__hint">{NO_BROWSER_WORDS}</p> : null}
        {view !== null && view.browsers.length > 0 ? (
          <ul className="browser__list" aria-label="Browsers">
            {view.browsers.map((row) => (
              <li key={row.browser} className="setting__line browser__row">
                <span className="setting__label">{row.label}</span>
                <span className="setting__control">
                  {row.installed
                    ? <span className="browser__installed" data-testid={`browser-installed-${row.browser}`}><Check size={12} aria-hidden="true" />Installed</span>
                    : <button type="button" className="button" disabled={busy} aria-label={`Install for ${row.label}`} onClick={() => take(api.installBrowser({ browser: row.browser }))}>Install</button>}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {view?.problem ? <p className="setting__problem" role="alert">{browserProblemWords(view.problem)}</p> : null}
        {view?.removed !== undefined ? <p className="setting__hint" role="status">{removedWords(view.removed)}</p> : null}
      </div>
      {view !== null && first ? (
        <div className="setting">
          <p className="setting__hint" data-testid="browser-connected">{connectedWords(view.connected)}</p>
          <ol className="browser__steps" aria-label="Load the extension">
            <li>Open <code>{first.extensionsPage}</code> in {first.label}.</li>
            <li>Turn on Developer mode.</li>
            <li>
              Click Load unpacked and choose Glance’s extension folder:
              <span className="browser__folder">
                <code className="browser__path">{view.extensionDir}</code>
                <button type="button" className="button" onClick={() => void api.revealExtension()}><FolderOpen size={12} aria-hidden="true" />Show Folder</button>
              </span>
            </li>
          </ol>
          <p className="setting__hint">The extension is not in the browsers’ stores yet, so it is loaded from this folder once.</p>
          <div className="browser__remove">
            <button type="button" className="button" disabled={busy} onClick={() => take(api.removeBrowser())}>Remove from Browsers</button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
