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
    const page = await browser.newPage({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    const started = Date.now();
    await page.goto(`${baseURL}/?lang=en`);
    await expect(page.locator('[data-screen="menu"]')).toBeVisible({ timeout: 60_000 });
    const menuMs = Date.now() - started;
    await startGame(page, [{ player: 'player_human' }, { player: 'player_human' }], 1);
    await expect(page.getByTestId('mat')).toBeVisible();
    const boardMs = Date.now() - started;
    console.log(`figure: 4x CPU slowdown + Fast 3G: menu ready ${menuMs} ms, playable board ${boardMs} ms (form filled by the test)`);
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
    await swipe(page);
    await page.waitForFunction(() => (window as any).yunnoriView?.table?.throw);
    await waitLanded(page);
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
