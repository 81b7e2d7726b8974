/**
 * The one wrapper around `acquireVsCodeApi` (style.md item 7). Inside VS Code it returns the
 * real API; in Vite dev mode, vitest or a plain browser it falls back to an in-memory
 * implementation, so the board runs anywhere. Nothing else in the app touches the global.
 */
export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare global {
  // Provided by VS Code inside webviews (and by the test host page).
  function acquireVsCodeApi(): VsCodeApi;
}

function memoryApi(): VsCodeApi {
  let state: unknown;
  return {
    postMessage: (m) => console.debug('[consider] no host; message dropped', m),
    getState: () => state,
    setState: (s) => { state = s; },
  };
}

let api: VsCodeApi | undefined;

/** acquireVsCodeApi may be called once per page, so the result is cached here. */
export function vscodeApi(): VsCodeApi {
  if (!api) api = typeof acquireVsCodeApi === 'function' ? acquireVsCodeApi() : memoryApi();
  return api;
}
