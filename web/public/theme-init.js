/* global window, document, localStorage */
// Sets the theme class before the first paint. Keep in sync with web/src/lib/theme.ts (same key and values).
(function () {
  var stored = null;
  try {
    stored = localStorage.getItem('meridian-theme');
  } catch {
    // Storage can be blocked (private mode, policies): fall back to the system preference.
  }
  var systemDark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
  var dark = stored === 'dark' || (stored !== 'light' && systemDark);
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
