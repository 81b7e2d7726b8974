/**
 * Calls `fn` once, just after the next frame is on screen: a task queued from a
 * requestAnimationFrame callback runs right after that frame's paint. `fallbackMs` covers a
 * page that renders no frames (a hidden webview never runs rAF callbacks).
 */
export function afterNextPaint(fn: () => void, fallbackMs = 300): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    fn();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, fallbackMs);
}
