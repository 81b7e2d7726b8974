/**
 * Author avatars for the comment widget: a person for the developer, a robot for the agent,
 * as inline SVG data URIs (nothing to package, works on remote hosts and in code-server).
 * Mid-tone colours that read on light and dark themes alike.
 */
import * as vscode from 'vscode';
import type { Author } from '../../shared/model';

const HUMAN_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#3b82c4"/><circle cx="16" cy="12.5" r="5.5" fill="#fff"/><path d="M6.5 26.5c1.8-4.6 5.3-7 9.5-7s7.7 2.4 9.5 7" fill="#fff"/></svg>`;
const AGENT_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#8a5cc2"/><rect x="8" y="11" width="16" height="12" rx="3" fill="#fff"/><circle cx="12.5" cy="17" r="1.8" fill="#8a5cc2"/><circle cx="19.5" cy="17" r="1.8" fill="#8a5cc2"/><rect x="15" y="6.5" width="2" height="4.5" fill="#fff"/><circle cx="16" cy="6" r="1.6" fill="#fff"/></svg>`;

const uris: Partial<Record<Author, vscode.Uri>> = {};

export function authorIcon(author: Author): vscode.Uri {
  return (uris[author] ??= vscode.Uri.parse(`data:image/svg+xml;base64,${Buffer.from(author === 'agent' ? AGENT_SVG : HUMAN_SVG).toString('base64')}`));
}
