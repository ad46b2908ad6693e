import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { LandingApp } from './app/landing-app';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('landing.html has no #root element');

// The markup is already on screen (prerendered at build time): React adopts it instead of drawing it again.
hydrateRoot(
  root,
  <StrictMode>
    <LandingApp />
  </StrictMode>,
);
