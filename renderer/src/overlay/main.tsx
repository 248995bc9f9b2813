import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { OverlayApi } from '../../../contract/bridge.js';
import { Overlay } from './Overlay.js';
import '../type-scale.css';
import './overlay.css';

declare global {
  interface Window {
    glanceOverlay?: OverlayApi;
  }
}

// The overlay's entry: one window per display, which main names in the URL (?display=ID).
const container = document.getElementById('overlay');
const api = window.glanceOverlay;
const display = Number(new URLSearchParams(window.location.search).get('display'));
if (container && api && Number.isInteger(display)) {
  createRoot(container).render(
    <StrictMode>
      <Overlay api={api} display={display} />
    </StrictMode>,
  );
}
