import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { bridge } from './bridge.js';
import './styles.css';

// The panel's entry: one React root, given the bridge explicitly so components never reach
// for a global.
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App api={bridge()} />
    </StrictMode>,
  );
}
