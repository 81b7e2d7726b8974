/**
 * The board's HTML: a strict CSP (style.md item 8) — default-src 'none', scripts only with
 * the per-load nonce (no inline script), styles only with the nonce or from the webview's own
 * resource origin, fonts and images only from there — and the initial data in data-*
 * attributes. Pure: the e2e fake host serves the very same page.
 *
 * What the first paint needs is in the page itself, so it waits for no request: the app's
 * stylesheet (inlined, nonce'd) and, on the board, the first screen as markup (previewHtml.ts).
 * Our scripts load after that paint, not before it; the app chunk is not even preloaded: on two
 * cores its download and compile slowed the first paint (bench/RESULTS.md, session 5).
 *
 * Nothing holds up the page's `load` event either: VS Code keeps a webview's frame hidden until
 * its document's `load` (or 200 ms after writing it), and every request of a webview goes
 * through VS Code's service worker and the workbench, 150–500 ms each on two loaded cores
 * (bench/board-open-vscode.mjs). So the boot script is imported by a one-line nonce'd inline
 * module (a dynamic import does not delay `load`; a <script src> does), and the icon font is not
 * asked for before `load` (a font request delays it): until then an icon is an empty box of its
 * size. The stub marks the real `load` with `html.loaded` (lib/windowLoad.ts reads it).
 */
import { randomBytes } from 'node:crypto';
import type { ViewName } from '../../shared/board/protocol';
import type { FirstScreen } from '../../shared/board/firstScreen';
import { escapeHtml as attr, previewHtml } from '../../shared/board/previewHtml';
import type { L10nBundle } from '../../shared/board/l10n';

export interface BoardHtmlInput {
  /** webview.cspSource: the origin our local resources are served from. */
  readonly cspSource: string;
  readonly nonce: string;
  readonly scriptUri: string;
  /** The app's stylesheet (dist/webview/assets/index.css) as inlineStylesheet made it. */
  readonly styles: string;
  readonly view: ViewName;
  /** The strings of the user's language (shared/board/l10n.ts; none or empty in English), written into #root's data-l10n. */
  readonly l10n?: L10nBundle;
  /** The board's first screen (shared/board/firstScreen.ts), written into #root. */
  readonly firstScreen?: FirstScreen;
}

export function buildBoardHtml(i: BoardHtmlInput): string {
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${i.nonce}'`,
    // The nonce lets our inlined stylesheet and the toolkit's (FAST) one feature-probe <style> through; no 'unsafe-inline'.
    `style-src ${i.cspSource} 'nonce-${i.nonce}'`,
    `font-src ${i.cspSource}`,
    `img-src ${i.cspSource} data:`,
  ].join('; ');
  const preview = i.firstScreen ? previewHtml(i.firstScreen) : undefined;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${attr(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<meta property="csp-nonce" content="${attr(i.nonce)}">
<style nonce="${attr(i.nonce)}">
${styleText(i.styles)}
${ICONS_AFTER_LOAD}${preview ? `\n${preview.css}` : ''}
</style>
<title>Consider</title>
</head>
<body>
<div id="root" data-view="${attr(i.view)}"${l10nAttribute(i.l10n)}>${preview ? preview.markup : ''}</div>
<script type="module" nonce="${attr(i.nonce)}">${bootStub(i.scriptUri)}</script>
</body>
</html>`;
}

/**
 * The app's stylesheet, ready to inline: its relative URLs (the codicon font) made absolute
 * against `assetBase` (the webview URI of dist/webview/assets/, ending in '/'), as the page
 * itself is not served from there.
 */
export function inlineStylesheet(css: string, assetBase: string): string {
  return css.replace(/url\((['"]?)\.\/([^'")]+)\1\)/g, (_m, _q: string, rel: string) => `url("${assetBase}${rel}")`);
}

/**
 * Before `load`, an icon is an empty box of its size, in the text's font: an element in the icon
 * font requests it (for its line metrics, even with no glyph drawn), and that delays `load`.
 */
const ICONS_AFTER_LOAD = 'html:not(.loaded) #root .codicon{font-family:inherit}html:not(.loaded) #root .codicon::before{content:"";display:inline-block;width:1em;height:1em}';

/**
 * The page's one script: marks the real `load` and imports the boot entry (which inherits this
 * script's nonce). The URL is the host's own webview URI, written as a JSON string with `<`
 * escaped, so it can neither end the string nor the element.
 */
function bootStub(scriptUri: string): string {
  const url = JSON.stringify(scriptUri).replace(/</g, '\\u003c');
  return `addEventListener('load',()=>document.documentElement.classList.add('loaded'),{once:true});import(${url});`;
}

/** The bundle as an attribute (JSON, escaped as any attribute); nothing in English, so the page stays as small as it was. */
function l10nAttribute(bundle: L10nBundle | undefined): string {
  return bundle && Object.keys(bundle).length ? ` data-l10n="${attr(JSON.stringify(bundle))}"` : '';
}

/** Nothing in a stylesheet may end the <style> element early. */
const styleText = (css: string): string => css.replace(/<\/style/gi, '<\\/style');

/**
 * 32 characters from a CSPRNG; a fresh one for every page load. node:crypto, not Web Crypto:
 * the extension host has the one loaded already, and loading the other took ~5 ms of the
 * first board's opening.
 */
export function makeNonce(): string {
  return randomBytes(24).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 32).padEnd(32, 'x');
}
