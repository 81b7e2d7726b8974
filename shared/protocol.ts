/**
 * The typed protocol between the extension host and the board webview (DESIGN.md §8).
 * PLACEHOLDER: filled in by the board work (issue 5). No `vscode` import here.
 */
export const PROTOCOL_VERSION = 1;
