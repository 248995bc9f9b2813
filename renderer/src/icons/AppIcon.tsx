import type { JSX } from 'react';
import { AppWindow } from 'lucide-react';

/**
 * The app's own icon where main found one (a data: URL of a PNG or SVG: the CSP's `img-src
 * data:` allows it, and no file or address is read), else the window glyph that stands for
 * any app. Decorative either way: the app's name is always written beside it.
 */
export function AppIcon(props: { icon?: string | undefined; size: number; className: string }): JSX.Element {
  if (props.icon === undefined) return <AppWindow className={props.className} size={props.size} aria-hidden="true" data-testid="app-glyph" />;
  return <img className={`${props.className} app-icon`} src={props.icon} width={props.size} height={props.size} alt="" draggable={false} data-testid="app-icon" />;
}
