/**
 * Webview boot entry: as small as possible, so `webview/ready` goes out before the heavy app
 * code (React, the UI toolkit, Markdown) is even parsed. The host then builds and sends the
 * snapshot while ./app loads; the bridge keeps what arrives until the app listens.
 * (The dynamic import inherits this script's CSP nonce; html.ts preloads ./app.js.)
 */
import '@vscode/codicons/dist/codicon.css';
import './styles.css';
import { startBridge } from './lib/bridge';

const bridge = startBridge();
void import('./app').then((app) => app.start(bridge));
