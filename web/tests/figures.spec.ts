// The figures of the web README, measured in the real browser and printed as `figure:`
// lines (speed targets are read from these, not asserted). Each still checks what a person
// sees: the board comes up playable, the sticks land.
import { chromium, expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playStep, startGame, swipe, waitLanded } from './helpers';

const repo = fileURLToPath(new URL('../..', import.meta.url));
// One at a time, after the other tests (playwright.config.ts): nothing else loads the machine.
test.describe.configure({ mode: 'serial' });

// Chrome DevTools' "Fast 3G" preset, as DevTools applies it (latency ×3.75, throughput ×0.9).
const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
  uploadThroughput: ((750 * 1024) / 8) * 0.9,
};

test('the browser plans the same flights as every other device, and how fast', async ({ page }) => {
  const pinned = /FLIGHTS_DIGEST: u64 = 0x([0-9a-f_]+);/.exec(readFileSync(join(repo, 'physics/tests/same_flights.rs'), 'utf8'));
  expect(pinned).not.toBeNull();
  await page.goto('/?lang=en');
  await expect(page.locator('[data-screen="menu"]')).toBeVisible();
  const result = await page.evaluate(() => (window as any).yunnoriBench(40));
  expect(result.digest).toBe(pinned![1]!.replace(/_/g, ''));
  const sorted = [...result.planMs].sort((a: number, b: number) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const p90 = sorted[Math.floor(sorted.length * 0.9)];
  console.log(`figure: flight planning in the browser over 40 swipes: median ${median.toFixed(1)} ms, p90 ${p90.toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`);
});

test('first visit: time to a playable board on a slow phone', async ({ baseURL }) => {
  // A fresh browser: nothing cached, no service worker yet.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    // No service worker: its download of the whole app would run at full speed here (this
    // test slows the page's network, not the worker's, as scripts/figures.mjs does) and
    // take the CPU from the slowed page while it draws the board.
    const page = await browser.newPage({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
    // As scripts/figures.mjs does: the page taps New game and Start the moment each shows
    // and keeps the times on its own clock (Playwright's taps on a 4x slowed page come
    // about half a second late).
    await page.addInitScript(() => {
      const at: Record<string, number> = {};
      (window as unknown as { yunnoriAt: Record<string, number> }).yunnoriAt = at;
      new MutationObserver(() => {
        if (document.querySelector('[data-screen="menu"]') && at.menu === undefined) {
          at.menu = performance.now();
          document.querySelector<HTMLElement>('[data-screen="menu"] [data-testid="new-game"]')?.click();
        }
        const start = document.querySelector<HTMLElement>('[data-screen="new-game"] [data-testid="start"]');
        if (start && at.start === undefined) {
          at.start = performance.now();
          start.click();
        }
        if (document.querySelector('[data-screen="table"] [data-testid="mat"]')) at.board ??= performance.now();
      }).observe(document, { subtree: true, childList: true });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await page.goto(`${baseURL}/?lang=en`, { waitUntil: 'commit' });
    await expect(page.getByTestId('mat')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('throw')).toBeVisible();
    const at = await page.evaluate(() => (window as unknown as { yunnoriAt: Record<string, number> }).yunnoriAt);
    expect(at.menu).toBeLessThan(at.board!);
    console.log(`figure: 4x CPU slowdown + Fast 3G, first visit, the page's clock: menu ready ${Math.round(at.menu!)} ms, playable board ${Math.round(at.board!)} ms (New game and Start tapped the moment each shows)`);
  } finally {
    await browser.close();
  }
});

test('while the sticks fly the page has no long task', async ({ page }) => {
  await page.goto('/?lang=en');
  await expect(page.locator('[data-screen="menu"]')).toBeVisible();
  await startGame(page, [{ player: 'player_human' }, { player: 'player_human' }], 2);
  const flights = 5;
  const longest: number[] = [];
  let count = 0;
  for (let i = 0; i < flights; i++) {
    await page.evaluate(() => {
      const w = window as unknown as { yunnoriLong: number[]; yunnoriObs?: PerformanceObserver };
      w.yunnoriLong = [];
      w.yunnoriObs?.disconnect();
      w.yunnoriObs = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.yunnoriLong.push(e.duration);
      });
      w.yunnoriObs.observe({ type: 'longtask' });
    });
    const before = await swipe(page);
    await waitLanded(page, before);
    const long = await page.evaluate(() => (window as unknown as { yunnoriLong: number[] }).yunnoriLong);
    count += long.length;
    longest.push(Math.max(0, ...long));
    // Move on so the next swipe throws: play the step a person would.
    for (let k = 0; k < 6; k++) {
      const can = await page.evaluate(() => (window as any).yunnoriView?.table?.can_throw);
      if (can) break;
      await playStep(page);
    }
  }
  console.log(`figure: ${flights} flights: ${count} long tasks (>50 ms) on the page while the sticks flew, longest ${Math.max(...longest).toFixed(0)} ms`);
});
