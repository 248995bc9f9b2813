import { useEffect, useMemo, useRef, useState, type JSX } from 'react';
import type { Element } from '../../../contract/review.js';
import { Review } from './Review.js';
import type { Screened } from './screening.js';
import { indexTree } from './tree-model.js';
import { useExclusions } from './use-exclusions.js';

/**
 * A tree with a bit of everything a row draws (a subrole, a date, a selection, text), and a
 * few hundred rows, so the loops that index and list a tree run long enough for the engine to
 * compile them properly, not only once.
 */
function sample(): Element {
  const rows = (section: number): Element[] => Array.from({ length: 20 }, (_, i) => ({ id: `warmup-${section}-${i}`, role: 'Row', title: `Row ${i}`, content: [{ type: 'text', text: 'Line' }] }));
  return {
    id: 'warmup-app', role: 'Application', title: 'Warm-up',
    children: [{
      id: 'warmup-doc', role: 'Document', subrole: 'note', title: 'Note', focused: true,
      content: [{ type: 'text', text: 'Text' }], attributes: { due: '2025-06-10', status: 'open', count: 2 },
      children: [
        { id: 'warmup-sel', role: 'Text', selected: true, content: [{ type: 'text', text: 'selected' }] },
        ...Array.from({ length: 20 }, (_, section): Element => ({ id: `warmup-${section}`, role: 'Group', subrole: 'section', title: `Section ${section}`, children: rows(section) })),
      ],
    }],
  };
}
const noop = (): void => undefined;

/**
 * The panel is loaded when Glance starts and waits, hidden, for the hotkey. Just after its
 * first paint, this draws the review once, offscreen, and takes it away: the first press
 * then finds the tree's code compiled and its styles resolved, and the tree appears as fast as
 * on any later press (measured: about half the first press's time went here).
 */
/** Nothing screened in the warm-up tree. */
const NOTHING: ReadonlyMap<string, Screened> = new Map();

export function Warmup(props: { enabled: boolean }): JSX.Element | null {
  const [phase, setPhase] = useState<'waiting' | 'drawing' | 'done'>('waiting');
  const tree = useMemo(() => indexTree(sample()), []);
  const exclusions = useExclusions();
  const filterRef = useRef<HTMLInputElement>(null);
  const focusRef = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (phase === 'waiting') {
      // Just after the first paint (an idle callback may wait a second in a headless page).
      let timer: ReturnType<typeof setTimeout> | undefined;
      const frame = requestAnimationFrame(() => { timer = setTimeout(() => setPhase('drawing'), 0); });
      return () => {
        cancelAnimationFrame(frame);
        clearTimeout(timer);
      };
    }
    if (phase === 'drawing') {
      const id = requestAnimationFrame(() => setPhase('done'));
      return () => cancelAnimationFrame(id);
    }
    return undefined;
  }, [phase]);
  if (phase !== 'drawing' || !props.enabled) return null;
  return (
    <div className="warmup" aria-hidden="true" inert>
      <Review
        tree={tree} exclusions={exclusions} leftOut={exclusions.excluded} screened={NOTHING} allowed={exclusions.excluded} onToggle={noop} onAlways={noop}
        rule="allow" onRule={noop} screeningLine={null} ruleNote={null} locked={false} locale={navigator.language} notes={[]}
        filter="" onFilter={noop} filterRef={filterRef} treeFocus={focusRef} onOpenLink={noop} onReturn={noop} onType={noop}
      />
    </div>
  );
}
