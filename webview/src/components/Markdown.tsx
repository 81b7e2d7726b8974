import { memo } from 'react';
import { renderMarkdown } from '../lib/markdown';
import { useApp } from '../lib/context';

/** A rendered comment body; link clicks go to the host (`link/open`), never the page itself. */
export const Markdown = memo(function Markdown({ body }: { body: string }) {
  const { actions } = useApp();
  const open = (e: React.SyntheticEvent) => {
    const a = (e.target as HTMLElement).closest('a.body-link');
    if (!a) return;
    e.preventDefault();
    e.stopPropagation();
    const href = a.getAttribute('data-href');
    if (href) actions.openLink(href);
  };
  return (
    <div className="markdown" onClick={open}
      onKeyDown={(e) => { if (e.key === 'Enter') open(e); }}
      // Safe: markdown-it runs with html:false, so the body's own HTML is escaped text.
      dangerouslySetInnerHTML={{ __html: renderMarkdown(body) }} />
  );
});
