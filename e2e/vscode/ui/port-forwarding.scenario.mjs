// `npm start`'s VS Code keeps quiet about forwarded ports (issue 40): a server started in its
// terminal is still forwarded (the Ports view lists it), but no "Your application running on port
// … is available" notification pops up over the demo (4 of them in one newcomer's run). The
// settings are QUIET_SETTINGS (scripts/code-server.mjs), which the tests' settings extend.
import net from 'node:net';

export const title = 'port forwarding: a server started in the terminal is forwarded without a notification';
export const fixture = 'alpha';

const SHORT = 20_000;

/** A free port under 10000: VS Code notifies at once for those (higher ones wait 3 s for a "better" one). */
async function freeLowPort() {
  for (let port = 8701; port < 8800; port++) {
    const free = await new Promise((resolve) => {
      const s = net.createServer().once('error', () => resolve(false)).once('listening', () => s.close(() => resolve(true)));
      s.listen(port, '127.0.0.1');
    });
    if (free) return port;
  }
  throw new Error('no free port in 8701-8799');
}

export default async function ({ page, vscode, lap }) {
  await vscode.statusBar().waitFor({ timeout: 60_000 });
  const port = await freeLowPort();
  await vscode.runCommand('Terminal: Create New Terminal');
  await page.locator('.terminal-wrapper .xterm').first().waitFor({ timeout: SHORT });
  // Keys go to whatever has focus: on a loaded machine the new terminal can be drawn before it
  // takes focus, and the command typed then went nowhere (a fresh-clone CI run waited 60 s for
  // the port). xterm marks its element `.focus` once its input has focus: wait for that.
  await page.locator('.terminal-wrapper .xterm.focus').first().waitFor({ timeout: SHORT });
  // Typed at once: the terminal queues input until its shell has started (VS Code's pre-launch
  // input queue), and the Ports view below is the proof the command ran.
  await page.keyboard.type(`node -e "require('http').createServer().listen(${port}, '127.0.0.1', () => console.log('listening on http://127.0.0.1:${port}'))"`);
  await page.keyboard.press('Enter');

  // The command ran: the server answers (so a failure below is VS Code's detection, not the terminal).
  const listening = () => new Promise((resolve) => {
    const c = net.connect(port, '127.0.0.1').once('connect', () => { c.destroy(); resolve(true); }).once('error', () => resolve(false));
  });
  for (const end = Date.now() + 60_000; !(await listening());) {
    if (Date.now() > end) throw new Error(`the server typed into the terminal never listened on ${port}: the terminal did not run it`);
    await page.waitForTimeout(250);
  }
  lap(`  the server typed into the terminal listens on ${port}`);

  // Forwarded: the Ports view lists it (without the setting, the notification came about now).
  // VS Code finds listening ports by scanning /proc, and waits 20 times a scan's average duration
  // between scans (at least 2 s: extHostTunnelService's calculateDelay). Here a scan takes ~50 ms;
  // on a loaded machine, with scans timed during the window's start, a fresh-clone CI run waited
  // over 60 s: the wait allows two such pauses.
  await vscode.runCommand('Ports: Focus on Ports View');
  const listedFrom = Date.now();
  await page.locator('.pane-body .monaco-list-row', { hasText: String(port) }).first().waitFor({ timeout: 130_000 });
  lap(`  port ${port} forwarded (listed in the Ports view ${((Date.now() - listedFrom) / 1000).toFixed(1)} s after it listened)`);
  await page.waitForTimeout(8_000);
  await vscode.runCommand('Notifications: Show Notifications');
  await page.locator('.notifications-center').waitFor({ timeout: SHORT });
  await page.waitForTimeout(1000);
  const shown = await page.locator('.notifications-center .notification-list-item, .notification-toast').allTextContents();
  await vscode.shot('port-forwarded-quietly');
  const noisy = shown.filter((t) => t.includes('is available'));
  if (noisy.length) throw new Error(`a port-forwarding notification was shown: ${noisy.join(' | ')}`);
  lap('  no "is available" notification');
  await page.keyboard.press('Control+c');
}
