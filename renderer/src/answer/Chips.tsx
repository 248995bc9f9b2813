import { useEffect, useRef, type JSX } from 'react';
import type { Element } from '../../../contract/review.js';
import { RoleIcon } from '../icons/RoleIcon.js';
import { roleWord, titleOf } from '../review/element-words.js';
import { ProviderText } from '../text/ProviderText.js';
import { visibleControls } from '../../../contract/visible-controls.js';
import { chipNoteWords } from '../words/answer.js';
import type { Chip as ChipState } from '../../../contract/invocation.js';

/** How long the pointer rests on a chip before its ring is drawn: a pass of the pointer draws nothing. */
const DWELL_MS = 350;
/** Longest label a chip shows; the whole title is in its tooltip. */
const CHIP_CHARS = 42;
/** Inside a sentence a citation is shorter still: enough to know which element it is. */
const INLINE_CHARS = 24;

/** A chip's state said in full, in its tooltip and name, so its look (accent edge, dashed edge) is explained where it is seen. */
const LONG: Record<ChipState['state'], string> = {
  idle: 'Focus, click or rest the pointer on it to show it on screen',
  locating: 'Finding it on screen…',
  visible: 'Shown on screen',
  offscreen: 'Off screen: scroll the app to see it',
  gone: 'Gone: the app no longer has it',
  failed: 'Not found on screen',
};

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
 * by its look (an accent edge when shown, a dashed one when it cannot be): a state word beside
 * some chips and not others read as a difference between them. The tooltip and the name say
 * the state in full. Focus, a click, or the pointer resting on it for
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
  const note = chipNoteWords(chip);
  const name = `${visibleControls(label)}, ${kind}: ${chip.state === 'idle' ? 'show it on screen' : LONG[chip.state].toLowerCase()}${note ? ` (${visibleControls(note)})` : ''}`;
  const tooltip = `${title && title !== label ? `${title}\n` : ''}${LONG[chip.state]}${note ? ` (${note})` : ''}\n${chip.id}`;
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
