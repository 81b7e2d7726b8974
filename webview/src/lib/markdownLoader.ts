/**
 * markdown-it (with its entity tables, linkify and punycode: about a third of the app's code)
 * is only needed to show a conversation, and conversations arrive after the first paint
 * (`thread/details`). So it is its own chunk (assets/markdown.js), loaded alongside them and
 * kept off the board's first paint. The details loader waits for it, so by the time a
 * conversation can be shown, `renderer()` has it.
 */
type MarkdownModule = typeof import('./markdown');

let loaded: MarkdownModule | undefined;
let loading: Promise<MarkdownModule> | undefined;

export function loadMarkdown(): Promise<MarkdownModule> {
  loading ??= import('./markdown').then((m) => (loaded = m));
  return loading;
}

/** The Markdown renderer once loaded, else undefined (and the load is started). */
export function renderer(): ((body: string) => string) | undefined {
  if (!loaded) void loadMarkdown();
  return loaded?.renderMarkdown;
}
