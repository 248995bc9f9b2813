import type { JSX } from 'react';
import { AppWindow, Circle, CircleCheck, FileText, Folder, Globe, Grid2x2, Heading, Highlighter, Image, Link, List, PanelsTopLeft, Rows3, Table, Type, type LucideIcon } from 'lucide-react';
import type { Element, Role } from '../../../contract/review.js';

/**
 * One icon per role (lucide's set, drawn as inline SVG: nothing is fetched, the CSP holds), typed
 * by the protocol's own union, so a new role fails to compile until it has one.
 */
const ROLE_ICONS: Record<Role, LucideIcon> = {
  Application: AppWindow,
  Window: PanelsTopLeft,
  Group: Folder,
  List,
  Table,
  Row: Rows3,
  Cell: Grid2x2,
  Text: Type,
  Heading,
  Link,
  Image,
  Page: Globe,
  Document: FileText,
};

/** The icon for an element: its role's, a highlighter for selected text, a check for a done task. */
function iconFor(element: Pick<Element, 'role' | 'selected' | 'attributes'>): LucideIcon {
  if (element.role === 'Text' && element.selected) return Highlighter;
  const status = element.attributes?.['status'];
  if (element.role === 'Row' && (status === 'done' || status === 'open')) return status === 'done' ? CircleCheck : Circle;
  return ROLE_ICONS[element.role];
}

/** The element's icon, decorative: the row's accessible name already says what it is. */
export function RoleIcon(props: { element: Pick<Element, 'role' | 'selected' | 'attributes'>; className?: string; size?: number }): JSX.Element {
  const Icon = iconFor(props.element);
  return <Icon className={props.className ?? 'role-icon'} size={props.size ?? 15} strokeWidth={1.75} aria-hidden="true" focusable="false" />;
}
