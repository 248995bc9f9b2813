/**
 * The in-memory model of "Sample Notes": a window with notes, a task list, a link and an
 * image. It knows nothing about the protocol; tree.ts turns it into elements. Every thing
 * the app shows is a distinct object, because the kit's id minter keys ids on identity.
 */

/** A note; a closed note stays in the model (its id must answer `gone`, not "never issued"). */
export interface Note {
  title: string;
  body: string;
  open: boolean;
}

/** A selected passage of a note's body, from `start` to `end` (characters). */
export interface Passage {
  note: Note;
  start: number;
  end: number;
}

/** A task in the sidebar's task list. */
export interface Task {
  title: string;
  due: string;
  status: 'open' | 'done';
}

/** A link or an image inside a note. */
export interface Attachment {
  kind: 'link' | 'image';
  note: Note;
  title: string;
  url?: string;
}

/** An 8x8 checkered PNG, small enough to send as content (base64). */
export const SKETCH_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAHElEQVR42mPQyr8NR18ux8ERAxUlkDnIiqgoAQD4fHMhW46vFwAAAABJRU5ErkJggg==';

/** The whole app state, with the few user actions the sample can be driven through. */
export class NotesModel {
  /** Identity objects for the app and its window (they carry no state of their own). */
  readonly app = { kind: 'app' as const };
  readonly window = { kind: 'window' as const };
  readonly taskList = { kind: 'tasks' as const };
  readonly notes: Note[] = [
    {
      title: 'Trip to Lisbon',
      body: 'Take tram 28 from Martim Moniz early, before the crowds. Lunch at the market in Cais do Sodre, then walk up to the castle for the sunset.',
      open: true,
    },
    { title: 'Groceries', body: 'Eggs, coffee, lemons, bread.', open: true },
  ];
  readonly tasks: Task[] = [
    { title: 'Book the hotel', due: '2025-06-01', status: 'done' },
    { title: 'Buy tram tickets', due: '2025-06-10', status: 'open' },
    { title: 'Pack the camera', due: '2025-06-11', status: 'open' },
  ];
  readonly attachments: Attachment[];
  /** The note the cursor is in; undefined when every note is closed. */
  focusedNote: Note | undefined;
  /** The current selection; older passages stay in `passages` so their ids keep meaning them. */
  selection: Passage | undefined;
  /** What the pointer is over, if anything the sample reports. */
  hovered: object | undefined;
  /** Every passage ever selected in this run, so reselecting a range gives back the same object. */
  readonly passages: Passage[] = [];

  constructor() {
    const first = this.notes[0] as Note;
    this.attachments = [
      { kind: 'link', note: first, title: 'Tram 28 timetable', url: 'https://example.com/lisbon/tram-28' },
      { kind: 'image', note: first, title: 'Sketch of the route' },
    ];
    this.focusedNote = first;
    this.select('tram 28 from Martim Moniz');
  }

  /** Selects the first occurrence of `text` in the focused note; false when it is not there. */
  select(text: string): boolean {
    const note = this.focusedNote;
    if (note === undefined || text === '') return false;
    const start = note.body.indexOf(text);
    if (start < 0) return false;
    const end = start + text.length;
    let passage = this.passages.find((p) => p.note === note && p.start === start && p.end === end);
    if (passage === undefined) {
      passage = { note, start, end };
      this.passages.push(passage);
    }
    this.selection = passage;
    return true;
  }

  /** Closes the focused note; focus moves to the next open note, and the selection goes. */
  closeNote(): Note | undefined {
    const note = this.focusedNote;
    if (note === undefined) return undefined;
    note.open = false;
    this.selection = undefined;
    if (this.hovered !== undefined && this.belongsTo(this.hovered, note)) this.hovered = undefined;
    this.focusedNote = this.notes.find((n) => n.open);
    return note;
  }

  /** True when the object is the note or lives inside it. */
  belongsTo(object: object, note: Note): boolean {
    if (object === note) return true;
    return (this.passages as object[]).includes(object) || (this.attachments as object[]).includes(object)
      ? (object as Passage | Attachment).note === note
      : false;
  }

  /** The text of a passage. */
  passageText(passage: Passage): string {
    return passage.note.body.slice(passage.start, passage.end);
  }
}
