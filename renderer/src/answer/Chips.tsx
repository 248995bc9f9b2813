import { useEffect, useRef, type JSX } from 'react';
import type { Element } from '../../../contract/review.js';
import type { GlanceApi } from '../bridge.js';
import { RoleIcon } from '../icons/RoleIcon.js';
import { roleWord, titleOf } from '../review/element-words.js';
import { ProviderText } from '../text/ProviderText.js';
import { visibleControls } from '../text/visible-controls.js';

type ChipState = NonNullable<Awaited<ReturnType<GlanceApi['getAnswer']>>>['chips'][number];

/** How long the pointer rests on a chip before its ring is drawn: a pass of the pointer draws nothing. */
const DWELL_MS = 350;
/** Longest label a chip shows; the whole title is in its tooltip. */
const CHIP_CHARS = 42;

/** A chip's state in a word after its label; nothing while idle. */
const SHORT: Record<ChipState['state'], string> = { idle: '', locating: 'locating…', visible: 'shown', offscreen: 'off screen', gone: 'gone', failed: 'not found' };

/** What a chip needs. */
export interface ChipProps {
  chip: ChipState;
  /** The element as collected, for its title and icon; undefined when it is not in the tree. */
  element: Element | undefined;
  onPoint(id: string): void;
  inline?: boolean;
}

/**
 * An element the answer names: its role's icon and its title (or the start of its text), the
 * id in the tooltip (inside the answer's text: the icon alone, a footnote mark). Focus, a click, or the pointer resting on it for a moment asks main to
 * locate it and draw the ring; a pointer passing over draws nothing. Its state (off screen,
 * gone) shows on the chip, and no ring is drawn then.
 */
export function Chip(props: ChipProps): JSX.Element {
  const { chip, element } = props;
  const dwell = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(dwell.current), []);
  const title = element ? titleOf(element) : '';
  const label = title.length > CHIP_CHARS ? `${title.slice(0, CHIP_CHARS - 1)}…` : title || chip.id;
  const kind = element ? roleWord(element) : chip.role;
  const state = SHORT[chip.state];
  // The name starts with exactly what the chip shows, so voice control finds it by its words.
  const shown = props.inline ? '' : `${visibleControls(label)}${state ? ` ${state}` : ''}, `;
  const name = `${shown}${kind}${props.inline ? ` ${visibleControls(title || chip.id)}` : ''}: show it on screen${chip.note ? ` (${visibleControls(chip.note)})` : ''}`;
  return (
    <button
      type="button"
      className={`chip chip--${chip.state}${props.inline ? ' chip--inline' : ''}`}
      data-testid="chip"
      data-chip-id={chip.id}
      data-state={chip.state}
      aria-label={name}
      title={visibleControls(`${props.inline ? `${title} · ` : ''}${chip.id}${chip.note ? `: ${chip.note}` : ''}`)}
      onMouseEnter={() => {
        clearTimeout(dwell.current);
        dwell.current = setTimeout(() => props.onPoint(chip.id), DWELL_MS);
      }}
      onMouseLeave={() => clearTimeout(dwell.current)}
      onFocus={() => props.onPoint(chip.id)}
      onClick={() => props.onPoint(chip.id)}
    >
      <RoleIcon element={element ?? { role: chip.role as Element['role'] }} className="chip__icon" size={12} />
      {/* In the text a chip is only its icon, like a footnote mark; the row under the answer names it. */}
      {props.inline ? null : <span className="chip__label"><ProviderText text={label} /></span>}
      {state && !props.inline ? <span className="chip__state">{state}</span> : null}
    </button>
  );
}

/** The elements the answer names, in a row under it. */
export function Chips(props: { chips: ChipState[]; elementOf(id: string): Element | undefined; onPoint(id: string): void }): JSX.Element | null {
  if (props.chips.length === 0) return null;
  return (
    <ul className="chips" aria-label="Elements in the answer">
      {props.chips.map((chip) => (
        <li key={chip.id}><Chip chip={chip} element={props.elementOf(chip.id)} onPoint={props.onPoint} /></li>
      ))}
    </ul>
  );
}
