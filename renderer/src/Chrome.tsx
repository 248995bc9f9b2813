import type { JSX } from 'react';
import type { PanelState } from '../../contract/invocation.js';
import { Accessibility, ChevronDown, ChevronLeft, ChevronRight, ChevronUp, CircleSlash, Eye, Settings } from 'lucide-react';
import { SOURCE_MARK, SOURCE_MARK_WHY } from './words/invocation.js';
import { AppIcon } from './icons/AppIcon.js';
import { ProviderText } from './text/ProviderText.js';

/**
 * The panel's fixed parts: the header, the line that opens the payload (review mode), and
 * the strip the context folds into while the answer has the panel (conversation mode).
 */

/** The header: what the panel is about, and the way into Settings. No close button: Esc and a click elsewhere close it. */
export function Header(props: { appName: string | null; appIcon?: string | undefined; view: PanelState['view']; onSettings(): void }): JSX.Element {
  const inSettings = props.view !== 'review';
  return (
    <header className="header">
      {inSettings ? (
        <button type="button" className="icon-button" aria-label={props.view === 'history' ? 'Back to Settings' : 'Back to the context'} title="Back (⎋)" onClick={props.onSettings}>
          <ChevronLeft size={17} aria-hidden="true" />
        </button>
      ) : props.appName ? (
        <AppIcon className="header__icon" size={16} icon={props.appIcon} />
      ) : (
        <Eye className="header__icon" size={16} aria-hidden="true" />
      )}
      <h1 className="header__title">{props.view === 'history' ? 'History' : inSettings ? 'Settings' : props.appName ? <ProviderText text={props.appName} /> : 'Glance'}</h1>
      {inSettings ? null : (
        <button type="button" className="icon-button" aria-label="Settings" aria-keyshortcuts="Meta+Comma" title="Settings (⌘,)" onClick={props.onSettings}>
          <Settings size={16} aria-hidden="true" />
        </button>
      )}
    </header>
  );
}

/** Review mode's one line about what goes: "9 of 11 items go with your question to Anthropic"; it opens the exact payload. */
export function SendSummary(props: { words: string; onOpen(): void }): JSX.Element {
  return (
    <button type="button" className="summary" aria-haspopup="dialog" data-testid="send-summary" onClick={props.onOpen}>
      <span className="summary__words">{props.words}</span>
      <span className="summary__more">What is sent<ChevronRight size={13} aria-hidden="true" /></span>
    </button>
  );
}

/** Conversation mode's strip: the app and what was sent, unfolding the context on demand. */
export function ContextStrip(props: { appName: string; appIcon?: string | undefined; source?: 'provider' | 'accessibility' | undefined; words: string; open: boolean; onToggle(): void }): JSX.Element {
  return (
    <button type="button" className="strip" aria-expanded={props.open} data-testid="context-strip" onClick={props.onToggle}>
      <AppIcon size={14} className="strip__icon" icon={props.appIcon} />
      <span className="strip__app"><ProviderText text={props.appName} /></span>
      {/* A context read through Accessibility keeps its mark once asked, as Review shows it: a weaker source than a provider. */}
      {props.source === 'accessibility' ? <span className="strip__source" data-testid="strip-source" title={SOURCE_MARK_WHY}><Accessibility size={12} aria-hidden="true" />{SOURCE_MARK}</span> : null}
      <span className="strip__words">{props.words}</span>
      <span className="strip__more">{props.open ? 'Answer' : 'Context'}{props.open ? <ChevronUp size={13} aria-hidden="true" /> : <ChevronDown size={13} aria-hidden="true" />}</span>
    </button>
  );
}

/**
 * The conversation's strip when the user chose to ask without the app's context (a `local`
 * rule, a model elsewhere): it says plainly that nothing of the app's goes, and why. Not a
 * button: there is no context to unfold.
 */
export function NoContextStrip(props: { appName: string }): JSX.Element {
  return (
    <p className="strip strip--none" role="status" data-testid="no-context-strip">
      <CircleSlash size={14} className="strip__icon" aria-hidden="true" />
      <span className="strip__words strip__words--wrap">
        No context from <ProviderText text={props.appName} /> is sent: your rule keeps it on this Mac. The model gets your question only.
      </span>
    </p>
  );
}
