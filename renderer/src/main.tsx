import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { bridge } from './bridge.js';
import './styles.css';
import './privacy/privacy.css';

// The panel's entry: one React root, given the bridge explicitly so components never reach
// for a global.
// In Electron on a Mac the window has the menu vibrancy (main/config.ts): the page paints only
// translucent tints over it. Anywhere else there is no material behind the page to show.
if (/\bElectron\//.test(navigator.userAgent) && /\bMacintosh\b/.test(navigator.userAgent)) document.documentElement.classList.add('vibrant');
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App api={bridge()} />
    </StrictMode>,
  );
}
