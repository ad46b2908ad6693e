import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingApp } from './app/landing-app';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('landing.html has no #root element');

const app = (
  <StrictMode>
    <LandingApp />
  </StrictMode>
);
// The markup is already on screen (prerendered at build time): React adopts it instead of drawing it again.
// An empty root (the Vite dev server, or `vite build` run without the prerender step) is drawn from scratch.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
