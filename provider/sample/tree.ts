import type { Element, IdMinter, Location, Rect } from '@app-context/provider-kit';
import { type Attachment, type Note, type NotesModel, type Passage, SKETCH_PNG_BASE64 } from './model.js';

/**
 * A stable fake layout, in points: the window at (120, 90), the task list on the left, the
 * focused note on the right with its text in a fixed-width grid. Real apps ask their views.
 */
const WINDOW: Rect = { x: 120, y: 90, w: 960, h: 640 };
const SIDEBAR = { x: 140, y: 150, w: 260, rowHeight: 32 };
const EDITOR = { x: 420, y: 150, w: 640, titleHeight: 40, lineHeight: 20, charWidth: 8, columns: 76 };

/** The element tree for the model as it is now (the answer's root). */
export function buildTree(model: NotesModel, ids: IdMinter): Element {
  const open = model.notes.filter((n) => n.open);
  const window: Element = {
    id: ids.idFor(model.window, 'win'),
    role: 'Window',
    title: model.focusedNote ? `Sample Notes - ${model.focusedNote.title}` : 'Sample Notes',
    focused: true,
    children: [...open.map((note) => noteElement(model, ids, note)), taskListElement(model, ids)],
  };
  return { id: ids.idFor(model.app, 'app'), role: 'Application', title: 'Sample Notes', children: [window] };
}

function noteElement(model: NotesModel, ids: IdMinter, note: Note): Element {
  const focused = note === model.focusedNote;
  if (!focused) {
    // Only the focused note is drawn; the others are tabs behind it.
    return { id: ids.idFor(note, 'note'), role: 'Document', subrole: 'note', title: note.title, visible: false };
  }
  const children: Element[] = [];
  const selection = model.selection;
  if (selection !== undefined && selection.note === note) {
    children.push(mark(model, selection, {
      id: ids.idFor(selection, 'sel'),
      role: 'Text',
      selected: true,
      content: [{ type: 'text', text: model.passageText(selection) }],
      attributes: { characters: [selection.start, selection.end] },
    }));
  }
  for (const a of model.attachments.filter((x) => x.note === note)) children.push(mark(model, a, attachmentElement(ids, a)));
  return mark(model, note, {
    id: ids.idFor(note, 'note'),
    role: 'Document',
    subrole: 'note',
    title: note.title,
    focused: true,
    content: [{ type: 'text', text: note.body }],
    children,
  });
}

function attachmentElement(ids: IdMinter, a: Attachment): Element {
  if (a.kind === 'link') return { id: ids.idFor(a, 'link'), role: 'Link', title: a.title, ...(a.url ? { url: a.url } : {}) };
  return { id: ids.idFor(a, 'img'), role: 'Image', title: a.title, content: [{ type: 'image', data: SKETCH_PNG_BASE64, mimeType: 'image/png' }] };
}

function taskListElement(model: NotesModel, ids: IdMinter): Element {
  return {
    id: ids.idFor(model.taskList, 'tasks'),
    role: 'List',
    subrole: 'task-list',
    title: 'Tasks',
    children: model.tasks.map((task) => mark(model, task, {
      id: ids.idFor(task, 'task'),
      role: 'Row',
      subrole: 'task',
      title: task.title,
      attributes: { due: task.due, status: task.status },
    })),
  };
}

/** Sets hovered on the one element under the pointer, and only there. */
function mark(model: NotesModel, object: object, element: Element): Element {
  return model.hovered === object ? { ...element, hovered: true } : element;
}

/** Every object the sample ever gave an id, with its current place (undefined: gone). */
function placeOf(model: NotesModel, object: object): { rects: Rect[]; visible: boolean } | 'gone' | undefined {
  if (object === model.app || object === model.window) return { rects: [WINDOW], visible: true };
  if (object === model.taskList) return { rects: [{ x: SIDEBAR.x, y: SIDEBAR.y, w: SIDEBAR.w, h: SIDEBAR.rowHeight * model.tasks.length }], visible: true };
  const taskIndex = (model.tasks as object[]).indexOf(object);
  if (taskIndex >= 0) return { rects: [{ x: SIDEBAR.x, y: SIDEBAR.y + taskIndex * SIDEBAR.rowHeight, w: SIDEBAR.w, h: SIDEBAR.rowHeight }], visible: true };
  const note = (model.notes as object[]).includes(object) ? (object as Note) : ((object as Partial<Passage>).note as Note | undefined);
  if (note === undefined) return undefined;
  if (!note.open) return 'gone';
  // A note behind the focused one is not drawn, and the sample does not know where it would be.
  if (note !== model.focusedNote) return { rects: [], visible: false };
  if (object === note) return { rects: [{ x: EDITOR.x, y: EDITOR.y, w: EDITOR.w, h: WINDOW.y + WINDOW.h - EDITOR.y - 20 }], visible: true };
  if ('start' in object) return { rects: textRects(object as Passage), visible: true };
  const index = model.attachments.indexOf(object as Attachment);
  const lines = Math.ceil(note.body.length / EDITOR.columns);
  const top = EDITOR.y + EDITOR.titleHeight + lines * EDITOR.lineHeight + 16;
  return index === 0
    ? { rects: [{ x: EDITOR.x, y: top, w: 17 * EDITOR.charWidth, h: EDITOR.lineHeight }], visible: true }
    : { rects: [{ x: EDITOR.x, y: top + 36, w: 160, h: 120 }], visible: true };
}

/** One rectangle per line the passage covers, in the fixed-width grid. */
function textRects(p: Passage): Rect[] {
  const rects: Rect[] = [];
  for (let at = p.start; at < p.end;) {
    const line = Math.floor(at / EDITOR.columns);
    const lineEnd = Math.min(p.end, (line + 1) * EDITOR.columns);
    const column = at - line * EDITOR.columns;
    rects.push({ x: EDITOR.x + column * EDITOR.charWidth, y: EDITOR.y + EDITOR.titleHeight + line * EDITOR.lineHeight, w: (lineEnd - at) * EDITOR.charWidth, h: EDITOR.lineHeight });
    at = lineEnd;
  }
  return rects;
}

/** Every object of the model that may carry an id, closed notes and old passages included. */
function allObjects(model: NotesModel): object[] {
  return [model.app, model.window, model.taskList, ...model.notes, ...model.tasks, ...model.attachments, ...model.passages];
}

/**
 * Where the element with this id is now: `gone` for a closed note and everything in it,
 * `offscreen` for a note behind the focused one, `undefined` for an id the sample never
 * minted (the kit already refuses ids no answer carried).
 */
export function locateInModel(model: NotesModel, ids: IdMinter, id: string): Location | undefined {
  const object = allObjects(model).find((o) => ids.peek(o) === id);
  if (object === undefined) return undefined;
  const place = placeOf(model, object);
  if (place === undefined) return undefined;
  if (place === 'gone') return { state: 'gone', rects: [] };
  // No `window`: the sample draws no real window, and a made-up number would read as one the
  // system knows (the field is optional, docs/protocol.md, "Locations").
  return { state: place.visible ? 'visible' : 'offscreen', rects: place.rects, edge: 'right' };
}
