/**
 * The board's HTML: a strict CSP (style.md item 8) — default-src 'none', scripts only with
 * the per-load nonce, styles/fonts/images only from the webview's own resource origin — and
 * the initial data in data-* attributes (no inline script). Pure: the e2e fake host serves
 * the very same page.
 */
import type { ViewName } from '../../shared/protocol';
import type { FirstScreen } from '../../webview/src/preview/firstScreen';

export interface BoardHtmlInput {
  /** webview.cspSource: the origin our local resources are served from. */
  readonly cspSource: string;
  readonly nonce: string;
  readonly scriptUri: string;
  /** The app chunk the boot script imports (assets/app.js): preloaded so both download at once. */
  readonly appScriptUri?: string;
  readonly styleUri: string;
  readonly view: ViewName;
  /** The board's first screen, drawn by the boot script before anything else (webview/src/preview/firstScreen.ts). */
  readonly firstScreen?: FirstScreen;
}

/** Escaped for a double-quoted attribute: agent-written titles travel in one and must stay text. */
const attr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function buildBoardHtml(i: BoardHtmlInput): string {
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${i.nonce}'`,
    // The nonce lets the toolkit's (FAST) one feature-probe <style> through; no 'unsafe-inline'.
    `style-src ${i.cspSource} 'nonce-${i.nonce}'`,
    `font-src ${i.cspSource}`,
    `img-src ${i.cspSource} data:`,
  ].join('; ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${attr(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<meta property="csp-nonce" content="${attr(i.nonce)}">
<link rel="stylesheet" href="${attr(i.styleUri)}">
${i.appScriptUri ? `<link rel="modulepreload" nonce="${attr(i.nonce)}" href="${attr(i.appScriptUri)}">\n` : ''}<title>Consider</title>
</head>
<body>
<div id="root" data-view="${attr(i.view)}"${i.firstScreen ? ` data-first-screen="${attr(JSON.stringify(i.firstScreen))}"` : ''}></div>
<script type="module" nonce="${attr(i.nonce)}" src="${attr(i.scriptUri)}"></script>
</body>
</html>`;
}

/** 32 characters from a CSPRNG; a fresh one for every page load. */
export function makeNonce(): string {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 32).padEnd(32, 'x');
}
