/**
 * Which links in a comment the board may open. Comment bodies are untrusted (an agent wrote
 * them): the webview renders them without raw HTML, and the host opens only these links.
 */

/** Link schemes the host will open from a comment body; everything else stays inert. */
export const SAFE_LINK_SCHEMES: readonly string[] = ['http:', 'https:', 'mailto:'];

/** True when `href` is an absolute http(s)/mailto URL (no javascript:, command:, file:, relative). */
export function isSafeLink(href: string): boolean {
  try {
    const url = new URL(href.trim());
    return SAFE_LINK_SCHEMES.includes(url.protocol);
  } catch {
    return false;
  }
}
