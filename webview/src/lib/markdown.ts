/**
 * Comment bodies are untrusted (an agent wrote them): Markdown without raw HTML, no images
 * (remote ones are blocked by the CSP anyway), and links kept only when they are absolute
 * http(s)/mailto URLs. Kept links are inert in the page: they carry the URL in data-href,
 * have no href, and a click asks the host to open them after its own check.
 */
import MarkdownIt from 'markdown-it';
import { isSafeLink } from '../../../shared/board/protocol';

const md = new MarkdownIt({ html: false, linkify: true, breaks: false, typographer: false });
md.disable(['image']);
md.validateLink = (url: string) => isSafeLink(url);

md.renderer.rules.link_open = (tokens, idx) => {
  const href = String(tokens[idx]!.attrGet('href') ?? '');
  // markdown-it has escaped nothing yet here: escape for the attribute ourselves.
  return `<a class="body-link" role="link" tabindex="0" data-href="${md.utils.escapeHtml(href)}" title="${md.utils.escapeHtml(href)}">`;
};

export function renderMarkdown(body: string): string {
  return md.render(body);
}
