/**
 * Whether the window's real `load` event has fired. The boot entry (main.tsx) starts watching
 * at once; the app chunk, loaded later, reads it (ui/toolkit.ts). The app must never fire a
 * `load` of its own before the real one: VS Code's webview host takes the first `load` it sees
 * as its content's, and given a synthetic one first it never shows the frame (a blank panel).
 */
let loaded = false;

/**
 * The page's boot stub (extension/board/html.ts) marks the real `load` on <html> as it happens;
 * this script is imported by it and may run after that (nothing of ours delays `load` any more).
 */
export function watchWindowLoad(): void {
  if (document.documentElement.classList.contains('loaded')) { loaded = true; return; }
  window.addEventListener('load', () => { loaded = true; }, { once: true });
}

export const windowLoadFired = (): boolean => loaded;
