// Runs after `vite build` (npm run build): renders the landing page to HTML and writes it into
// web/dist/landing.html, which the server sends for `/`. The page paints before any script runs, and
// web/src/landing-main.tsx then hydrates that markup.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { LandingApp } from '../web/src/app/landing-app';

const file = resolve(import.meta.dirname, '../web/dist/landing.html');
const emptyRoot = '<div id="root"></div>';

const shell = readFileSync(file, 'utf8');
if (!shell.includes(emptyRoot)) throw new Error(`${file} has no empty ${emptyRoot} to fill`);

// prerender (unlike renderToString) waits for anything that suspends instead of leaving a client-only hole.
const { prelude } = await prerenderToNodeStream(
  <StrictMode>
    <LandingApp />
  </StrictMode>,
);
const markup = await text(prelude as Readable);
writeFileSync(file, shell.replace(emptyRoot, `<div id="root">${markup}</div>`));
console.log(`prerendered / into ${file} (${markup.length} characters of markup)`);
