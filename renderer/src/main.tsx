import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { followAppearance } from './appearance/apply.js';
import { bridge } from './bridge.js';
import { followKeyboardTravel } from './keys/keyboard-travel.js';
import './type-scale.css';
import './styles.css';
import './privacy/privacy.css';
import './icons/app-icon.css';
import './keys/shortcuts.css';
import './settings/controls.css';

// The panel's entry: one React root, given the bridge explicitly so components never reach
// for a global.
const api = bridge();
// Main says whether the window has the menu vibrancy (macOS) and which accent the user chose;
// the page follows both (appearance/apply.ts) rather than guessing from its user agent.
followAppearance(api, document.documentElement);
followKeyboardTravel(document.documentElement);
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App api={api} />
    </StrictMode>,
  );
}
