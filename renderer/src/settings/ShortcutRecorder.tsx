import { useState, type JSX } from 'react';
import { Keycaps } from '../keys/Keycaps.js';
import { conflictFor, glyphsFor, recordPress, spokenFor } from '../keys/mac-keys.js';

/** What the recorder needs. */
export interface ShortcutRecorderProps {
  hotkey: string;
  /** Applies a recorded shortcut through main (which registers it, or says who has it). */
  onRecord(accelerator: string): void;
  /** A problem found here before main is asked: a known conflict, a key that cannot be global. */
  onProblem(problem: string | undefined): void;
  problemId?: string;
}

/**
 * The hotkey as keycaps; click (or Space, Return) and press the new shortcut. Modifiers alone
 * wait for a key, Esc cancels. A shortcut macOS or common apps already use is named with who
 * uses it and not applied; any other goes to main, which says when another app holds it.
 */
export function ShortcutRecorder(props: ShortcutRecorderProps): JSX.Element {
  const [recording, setRecording] = useState(false);
  return (
    <button
      type="button"
      className={`recorder${recording ? ' recorder--recording' : ''}`}
      aria-label={recording ? 'Recording: press the new shortcut, or Escape to cancel' : `Shortcut: ${spokenFor(props.hotkey)}. Press to record a new one`}
      aria-describedby={props.problemId}
      onClick={() => setRecording(true)}
      onBlur={() => setRecording(false)}
      onKeyDown={(event) => {
        if (!recording) return;
        // Every key belongs to the recorder while it listens: Esc must not close the panel.
        event.preventDefault();
        event.stopPropagation();
        const result = recordPress(event);
        if (result.kind === 'incomplete') return;
        setRecording(false);
        if (result.kind === 'cancel') return;
        if (result.kind === 'problem') {
          props.onProblem(result.message);
          return;
        }
        const takenBy = conflictFor(result.accelerator);
        if (takenBy) {
          props.onProblem(`${glyphsFor(result.accelerator)} is already used by ${takenBy}. Choose another; three modifiers rarely clash.`);
          return;
        }
        props.onProblem(undefined);
        props.onRecord(result.accelerator);
      }}
    >
      {recording ? <span className="recorder__prompt">Type the shortcut…</span> : <Keycaps accelerator={props.hotkey} />}
    </button>
  );
}
