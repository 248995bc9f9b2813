import type { JSX } from 'react';
import type { GlanceApi } from '../bridge.js';
import { ProviderText } from '../text/ProviderText.js';
import { visibleControls } from '../text/visible-controls.js';

type Chip = NonNullable<Awaited<ReturnType<GlanceApi['getAnswer']>>>['chips'][number];

/** A chip's state in one or two words beside its id; the full note is in its accessible name. */
const SHORT: Record<Chip['state'], string> = {
  idle: '',
  locating: 'locating…',
  visible: 'shown',
  offscreen: 'offscreen',
  gone: 'gone',
  failed: 'not found',
};

/**
 * The elements the answer names: cited in its text, or highlighted by the agent (◎). Pointing
 * at a chip (hover or keyboard focus) or clicking it asks main to locate the element through
 * the provider that issued it and draw the overlay. Nothing here waits: the request goes out
 * and the chip's state comes back with the answer; `gone`, `offscreen` or a failure shows on
 * the chip itself, and no overlay is drawn.
 */
export function Chips(props: { chips: Chip[]; onPoint(id: string): void }): JSX.Element | null {
  if (props.chips.length === 0) return null;
  return (
    <ul className="chips" aria-label="Elements in the answer">
      {props.chips.map((chip) => (
        <li key={chip.id}>
          <button
            type="button"
            className={`chip chip--${chip.state}`}
            data-testid="chip"
            data-state={chip.state}
            aria-label={visibleControls(`Show ${chip.role} ${chip.id} on screen${chip.note ? ` (${chip.note})` : ''}`)}
            title={visibleControls(chip.note ?? `Show ${chip.role} ${chip.id} on screen`)}
            onMouseEnter={() => props.onPoint(chip.id)}
            onFocus={() => props.onPoint(chip.id)}
            onClick={() => props.onPoint(chip.id)}
          >
            {chip.source === 'highlight' ? <span className="chip__mark" aria-hidden="true">◎</span> : null}
            <span className="chip__role">{chip.role}</span>
            <code className="chip__id"><ProviderText text={chip.id} /></code>
            {SHORT[chip.state] ? <span className="chip__state">{SHORT[chip.state]}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
