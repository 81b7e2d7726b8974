import { memo, useEffect, useState } from 'react';
import { useApp } from '../lib/context';
import { loadMarkdown, renderer } from '../lib/markdownLoader';

/** A rendered comment body; link clicks go to the host (`link/open`), never the page itself. */
export const Markdown = memo(function Markdown({ body }: { body: string }) {
  const { actions } = useApp();
  const render = useRenderer();
  const open = (e: React.SyntheticEvent) => {
    const a = (e.target as HTMLElement).closest('a.body-link');
    if (!a) return;
    e.preventDefault();
    e.stopPropagation();
    const href = a.getAttribute('data-href');
    if (href) actions.openLink(href);
  };
  // Only before markdown.js has loaded (the details loader normally waits for it): plain text, inert.
  if (!render) return <div className="markdown"><p className="plain-body">{body}</p></div>;
  return (
    <div className="markdown" onClick={open}
      onKeyDown={(e) => { if (e.key === 'Enter') open(e); }}
      // Safe: markdown-it runs with html:false, so the body's own HTML is escaped text.
      dangerouslySetInnerHTML={{ __html: render(body) }} />
  );
});

function useRenderer(): ((body: string) => string) | undefined {
  const [render, setRender] = useState(renderer);
  useEffect(() => {
    if (!render) void loadMarkdown().then((m) => setRender(() => m.renderMarkdown));
  }, [render]);
  return render;
}
