/**
 * Draws a PreviewNode description (shared/board/previewTree.ts) with React: the board list's
 * rows and group headers are described once there, and both the host-written first screen and
 * the live list draw that one description, so a change to a row touches one place.
 */
import { createElement, Fragment, type ReactElement } from 'react';
import type { PreviewNode } from '../../../shared/board/previewTree';

export function TreeNodes({ nodes }: { nodes: readonly (PreviewNode | string)[] }): ReactElement {
  return createElement(Fragment, null, ...nodes.map((n, i) => (typeof n === 'string' ? n : createElement(TreeNode, { key: i, node: n }))));
}

function TreeNode({ node }: { node: PreviewNode }): ReactElement {
  // attrs are plain attributes (data-*, aria-*, title): React passes them through as they are.
  const props: Record<string, string | undefined> = { className: node.className, ...node.attrs };
  return createElement(node.tag, props, node.children ? createElement(TreeNodes, { nodes: node.children }) : undefined);
}
