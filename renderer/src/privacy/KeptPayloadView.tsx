import { useMemo, type JSX } from 'react';
import { ProviderText } from '../text/ProviderText.js';
import { contextOutline } from '../review/context-outline.js';
import { rawJson, readKeptPayload } from './kept-payload.js';

const CONTEXT_END = '</app_context>';

/**
 * One turn's words. The app's context that opens the first one (its tree is JSON) is shown in
 * a fixed-width font, as code is, and the question after it in the panel's own.
 */
function TurnText(props: { text: string }): JSX.Element {
  const end = props.text.startsWith('<app_context>') ? props.text.indexOf(CONTEXT_END) : -1;
  if (end < 0) return <div className="kept__text" tabIndex={0}><ProviderText text={props.text} multiline /></div>;
  const rest = props.text.slice(end + CONTEXT_END.length).replace(/^\n+/, '');
  const context = props.text.slice(0, end + CONTEXT_END.length);
  // As the payload sheet shows it: an outline of the tree; the exact JSON is folded below.
  return (
    <>
      <pre className="kept__text kept__code" tabIndex={0}><ProviderText text={contextOutline(context) ?? context} multiline /></pre>
      {rest === '' ? null : <div className="kept__text kept__after" tabIndex={0}><ProviderText text={rest} multiline /></div>}
    </>
  );
}

/**
 * A kept request, for reading: each turn's words with their line breaks, the app's context
 * first (it opens the user's first turn); Glance's own instructions and the exact JSON are
 * one click away, folded. A body Glance cannot read as turns is shown raw.
 */
export function KeptPayloadView(props: { payload: string }): JSX.Element {
  const kept = useMemo(() => readKeptPayload(props.payload), [props.payload]);
  const raw = useMemo(() => rawJson(props.payload), [props.payload]);
  return (
    <section className="kept" aria-label="What was sent">
      {kept ? kept.turns.map((turn, index) => (
        <div key={index} className="kept__turn">
          {/* Under the panel's one h1 (the view's title): the next level, as axe's heading order asks. */}
          <h2 className="kept__who">{turn.who}</h2>
          {/* The app's words and the model's: provider text, with their own line breaks. */}
          <TurnText text={turn.text} />
        </div>
      )) : null}
      {kept?.instructions ? (
        <details className="kept__more">
          <summary>Glance’s instructions to the model</summary>
          <div className="kept__text" tabIndex={0}><ProviderText text={kept.instructions} multiline /></div>
        </details>
      ) : null}
      <details className="kept__more" open={kept === null}>
        <summary>The exact request (JSON)</summary>
        <pre className="payload kept__raw" tabIndex={0}><ProviderText text={raw} multiline /></pre>
      </details>
    </section>
  );
}
