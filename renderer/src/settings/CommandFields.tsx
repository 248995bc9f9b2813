import type { JSX } from 'react';
import type { CommandView } from '../../../contract/command-setup.js';
import type { GlanceApi } from '../bridge.js';
import { useSetupView } from './use-setup-view.js';
import { COMMAND_INTRO, commandProblemWords, commandRemovedWords, commandStatusWords } from '../words/command.js';

/** What the section reads, and what it shows when even the first read failed. */
const readCommand = (api: GlanceApi): Promise<CommandView> => api.getCommand();
const NOTHING_KNOWN: CommandView = { shipped: false, link: null };

/**
 * Settings › Command line: the `glance` command on the PATH, as editors offer theirs. Install
 * links the app's own single executable into a folder of commands; Remove takes only that link
 * away. Main does the work (main/flow/command-setup.ts); the page only asks.
 */
export function CommandFields(props: { api: GlanceApi }): JSX.Element {
  const { api } = props;
  const { view, busy, take } = useSetupView(api, readCommand, NOTHING_KNOWN);
  const problem = view === null ? null : commandProblemWords(view);
  return (
    <section className="group" aria-labelledby="group-command" data-testid="command-settings">
      <h2 className="group__title" id="group-command">Command line</h2>
      <div className="setting">
        <p className="setting__hint">{COMMAND_INTRO}</p>
        <p className="setting__hint" data-testid="command-status">{view === null ? 'Looking…' : commandStatusWords(view)}</p>
        {problem !== null ? <p className="setting__problem" role="alert">{problem}</p> : null}
        {view?.removed !== undefined ? <p className="setting__hint" role="status">{commandRemovedWords(view.removed)}</p> : null}
        {view?.shipped === true ? (
          <div className="setting__line">
            {view.link === null
              ? <button type="button" className="button" disabled={busy} onClick={() => take(api.installCommand())}>Install glance</button>
              : <button type="button" className="button" disabled={busy} onClick={() => take(api.removeCommand())}>Remove glance</button>}
          </div>
        ) : null}
      </div>
    </section>
  );
}
