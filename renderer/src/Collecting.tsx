import type { JSX } from 'react';
import { LoaderCircle } from 'lucide-react';
import { ProviderText } from './text/ProviderText.js';
import { visibleControls } from '../../contract/visible-controls.js';

/** While the app answers: its name, a spinner, and a way to stop (the request is aborted). */
export function Collecting(props: { appName: string; onStop(): void }): JSX.Element {
  return (
    <section className="collecting" aria-busy="true" aria-label="Collecting">
      {/* The wrapper turns, not the SVG: a transform on an HTML box runs on the compositor. */}
      <span className="spinner" aria-hidden="true"><LoaderCircle size={18} /></span>
      <p className="collecting__text">Asking <ProviderText text={props.appName} /> for its context…</p>
      <button type="button" className="button" aria-label={`Stop collecting from ${visibleControls(props.appName)}`} onClick={props.onStop}>Stop</button>
    </section>
  );
}
