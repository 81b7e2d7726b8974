import { addThread } from '../../shared';
import { XSS_BODY } from './fixtures';
import { test, expect } from './test';

test.describe('untrusted comment bodies', () => {
  test('raw HTML, scripts, javascript: and command: links render inert', async ({ page, host, seeded, origin, board, consoleLines }) => {
    const evil = await addThread(seeded.root, { file: 'src/util.ts', startLine: 2, endLine: 2, body: XSS_BODY, author: 'agent' });
    await addThread(seeded.root, { file: 'src/util.ts', startLine: 3, endLine: 3, body: '<script>window.__xss = 6</script> title line', author: 'agent' });
    host.storesChanged();
    await host.open(page, origin);
    await board.row(evil.id).click();
    const body = board.detail.locator('.markdown').first();
    await expect(body).toContainText('Careful:');
    // The raw HTML is shown as text, never parsed into elements.
    await expect(body).toContainText('<img src=x onerror=');
    await expect(body).toContainText('<script>');
    await page.waitForTimeout(300); // give any injected handler a chance to run
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    const found = await page.evaluate(() => ({
      img: document.querySelectorAll('.markdown img, .markdown script, .markdown iframe, .markdown object, .markdown embed').length,
      // The page's one script is its nonce'd boot stub (extension/board/html.ts), outside #root; nothing else.
      scriptsInBody: document.querySelectorAll('script').length - 1 + document.querySelectorAll('#root script').length,
      hrefs: [...document.querySelectorAll('[href]')].map((e) => e.getAttribute('href')),
      onAttrs: [...document.querySelectorAll('*')].flatMap((e) => [...e.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name)),
      links: [...document.querySelectorAll('.markdown a')].map((a) => a.getAttribute('data-href')),
    }));
    expect(found.img).toBe(0);
    expect(found.scriptsInBody).toBe(0);
    expect(found.onAttrs).toEqual([]);
    expect(found.hrefs.filter((h) => /^(javascript|command|data|vbscript):/i.test(h ?? ''))).toEqual([]);
    // Only the https link survives as a link, and it has no href: the host opens it.
    expect(found.links).toEqual(['https://example.com/docs']);
    await body.locator('a', { hasText: 'docs' }).click();
    await expect.poll(() => host.openedLinks).toEqual(['https://example.com/docs']);
    expect(page.url()).toMatch(/board\.html/); // the page itself never navigated
    expect(consoleLines.filter((l) => l.startsWith('pageerror'))).toEqual([]);
  });

  test('the host refuses to open unsafe links even when the page asks', async ({ page, host, origin }) => {
    await host.open(page, origin);
    // The last one is safe: it is opened, so the channel works and the refusals are the host's choice.
    for (const href of ['javascript:alert(1)', 'command:workbench.action.terminal.new', 'file:///etc/passwd', '/relative', 'https://example.com/ok']) {
      await page.evaluate((h) => (window as unknown as { __considerPost(m: unknown): void }).__considerPost({ type: 'link/open', href: h }), href);
    }
    await expect.poll(() => host.openedLinks).toEqual(['https://example.com/ok']);
    expect(host.logs.filter((l) => l.startsWith('refused to open link'))).toHaveLength(4);
  });

  test('the page runs under a CSP with a nonce and default-src \'none\'', async ({ page, host, origin }) => {
    await host.open(page, origin);
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9]{32}'/);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    // An inline script injected now is blocked by the policy (and reported as a violation); the
    // same script carrying the page's nonce runs, so the block is the policy's doing.
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { __inline?: number; __nonced?: number };
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective));
      const inject = (code: string, nonce?: string) => {
        const s = document.createElement('script');
        if (nonce) s.nonce = nonce;
        s.textContent = code;
        document.body.appendChild(s);
      };
      inject('window.__inline = 1');
      inject('window.__nonced = 1', document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce);
      await new Promise((r) => setTimeout(r, 50));
      return { inline: w.__inline, nonced: w.__nonced, violations };
    });
    expect(ran.inline).toBeUndefined();
    expect(ran.nonced).toBe(1);
    expect(ran.violations.some((d) => d.startsWith('script-src'))).toBe(true);
  });
});
