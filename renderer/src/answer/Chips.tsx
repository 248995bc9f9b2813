import { useEffect, useRef, type JSX } from 'react';
import { ArrowDownUp, Ban, TriangleAlert } from 'lucide-react';
import type { Element } from '../../../contract/review.js';
import { RoleIcon } from '../icons/RoleIcon.js';
import { roleWord, titleOf } from '../review/element-words.js';
import { ProviderText } from '../text/ProviderText.js';
import { visibleControls } from '../../../contract/visible-controls.js';
import { chipStateWords } from '../words/answer.js';
import type { Chip as ChipState } from '../../../contract/invocation.js';

/** How long the pointer rests on a chip before its ring is drawn: a pass of the pointer draws nothing. */
const DWELL_MS = 350;
/** Longest label a chip shows; the whole title is in its tooltip. */
const CHIP_CHARS = 42;
/** Inside a sentence a citation is shorter still: enough to know which element it is. */
const INLINE_CHARS = 24;

/**
 * The mark after a chip's title for the three states where nothing is highlighted, each its
 * own at a glance: off screen an arrow (scroll to it), gone a barred circle (with its title
 * struck through), not located a warning. Its words are in the chip's name and tooltip.
 */
const STATE_MARKS: Partial<Record<ChipState['state'], typeof Ban>> = { offscreen: ArrowDownUp, gone: Ban, failed: TriangleAlert };

function shorten(text: string, chars: number): string {
  return text.length > chars ? `${text.slice(0, chars - 1)}…` : text;
}

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
 * id in the tooltip. Inside the answer's text the same chip is compact (a shorter title) so the
 * sentence still reads. Every chip, inline or in the row, shows its state the same way and only
 * by its look (an accent edge when shown; off screen, gone and not located each their own
 * mark, STATE_MARKS): a state word beside some chips and not others read as a difference
 * between them. The tooltip and the name say the state in full (words/answer.ts). Focus, a click, or the pointer resting on it for
 * a moment asks main to locate it and draw the ring, once per action; a pointer passing over
 * draws nothing.
 */
export function Chip(props: ChipProps): JSX.Element {
  const { chip, element } = props;
  const dwell = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A press focuses the button before its click: the click asks, so the focus it causes must not ask too.
  const pressed = useRef(false);
  useEffect(() => () => clearTimeout(dwell.current), []);
  const title = element ? titleOf(element) : '';
  const label = shorten(title, props.inline ? INLINE_CHARS : CHIP_CHARS) || chip.id;
  const kind = element ? roleWord(element) : chip.role;
  // The name starts with exactly what the chip shows, so voice control finds it by its words.
  const state = chipStateWords(chip);
  const name = `${visibleControls(label)}, ${kind}: ${chip.state === 'idle' ? 'show it on screen' : `${state.charAt(0).toLowerCase()}${visibleControls(state.slice(1))}`}`;
  const tooltip = `${title && title !== label ? `${title}\n` : ''}${state}\n${chip.id}`;
  const Mark = STATE_MARKS[chip.state];
  return (
    <button
      type="button"
      className={`chip chip--${chip.state}${props.inline ? ' chip--inline' : ''}`}
      data-testid="chip"
      data-chip-id={chip.id}
      data-state={chip.state}
      aria-label={name}
      title={visibleControls(tooltip, true)}
      onMouseEnter={() => {
        clearTimeout(dwell.current);
        dwell.current = setTimeout(() => props.onPoint(chip.id), DWELL_MS);
      }}
      onMouseLeave={() => clearTimeout(dwell.current)}
      onPointerDown={() => {
        // The click is the action: the dwell that began as the pointer arrived is not a second one.
        clearTimeout(dwell.current);
        pressed.current = true;
      }}
      onFocus={() => { if (!pressed.current) props.onPoint(chip.id); }}
      // A press released elsewhere clicks nothing: leaving the chip forgets it, so the next focus by keyboard asks again.
      onBlur={() => { pressed.current = false; }}
      onClick={() => {
        pressed.current = false;
        props.onPoint(chip.id);
      }}
    >
      <RoleIcon element={element ?? { role: chip.role as Element['role'] }} className="chip__icon" size={12} />
      <span className="chip__label"><ProviderText text={label} /></span>
      {Mark ? <Mark className="chip__state" size={11} strokeWidth={2.25} aria-hidden="true" data-testid="chip-mark" /> : null}
    </button>
  );
}

/** The elements a turn names that its text does not show inline, in a row under it (turn-chips.ts). */
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
