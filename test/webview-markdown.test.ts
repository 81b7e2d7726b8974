import { describe, expect, it } from 'vitest';
import { titleOf as firstLine } from '../shared/board/protocol';
import { renderMarkdown } from '../webview/src/lib/markdown';

describe('comment body rendering', () => {
  it('escapes raw HTML instead of rendering it', () => {
    const html = renderMarkdown('<img src=x onerror="alert(1)"> <script>alert(2)</script> <iframe src="x"></iframe>');
    expect(html).not.toMatch(/<img|<script|<iframe/);
    expect(html).toContain('&lt;img src=x onerror=');
  });

  it('keeps only absolute http(s)/mailto links, without href (the host opens them)', () => {
    const html = renderMarkdown('[a](https://e.com/x) [b](javascript:alert(1)) [c](command:workbench.action.terminal.new) [d](vscode://x) [e](./rel) <https://auto.link>');
    expect(html).not.toMatch(/[\s<]href=/);
    expect(html).not.toMatch(/data-href="(javascript|command|vscode)/);
    expect([...html.matchAll(/data-href="([^"]*)"/g)].map((m) => m[1])).toEqual(['https://e.com/x', 'https://auto.link']);
  });

  it('renders no images, and escapes quotes in link URLs', () => {
    expect(renderMarkdown('![x](https://e.com/a.png)')).not.toMatch(/<img/);
    expect(renderMarkdown('[q](https://e.com/"onmouseover="x)')).not.toMatch(/"onmouseover="/);
  });

  it('gives a plain first line for list rows', () => {
    expect(firstLine('\n## Rename **this**\nmore')).toBe('Rename this');
  });
});
