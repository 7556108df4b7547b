// The browser as a platform: the same flights as every other device, installable, an
// offline start, accessibility, and the screenshots (kept as test output).
import { chromium, expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playStep, startGame, swipe, table, waitLanded } from './helpers';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const shots = join(process.env.YUT_WEB_OUT ?? join(repo, 'web', 'test-results'), 'screenshots');

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

test('the page reports itself installable', async ({ baseURL }) => {
  const dir = mkdtempSync(join(tmpdir(), 'yunnori-install-'));
  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    await page.goto(`${baseURL}/?lang=en`);
    await expect(page.locator('[data-screen="menu"]')).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await ctx.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.errors).toEqual([]);
  } finally {
    await ctx.close();
  }
});

test('after the first visit a local game starts and plays with the network cut', async ({ page, context }) => {
  await page.goto('/?lang=en');
  await expect(page.locator('[data-screen="menu"]')).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true }));
    }
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('[data-screen="menu"]')).toBeVisible();
  await startGame(page, [{ player: 'player_human' }, { player: 'bot_easy' }], 1);
  await swipe(page);
  await page.waitForFunction(() => (window as any).yunnoriView?.table?.throw);
  await waitLanded(page);
  expect((await table(page)).throw?.outcome).not.toBeNull();
  await context.setOffline(false);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no serious or critical accessibility finding (${colorScheme})`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme, viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const audit = async (where: string) => {
      const found = await new AxeBuilder({ page }).analyze();
      const bad = found.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    };
    await page.goto('/?lang=en');
    await expect(page.locator('[data-screen="menu"]')).toBeVisible();
    await audit('menu');
    await page.getByRole('button', { name: 'New game' }).click();
    await page.locator('.house-rules summary').click();
    await audit('new game');
    await page.getByRole('button', { name: 'Back' }).click();
    await startGame(page, [{ player: 'player_human' }, { player: 'player_human' }], 2);
    await audit('table');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Saved games' }).click();
    await audit('saved games');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Settings' }).click();
    await audit('settings');
    await context.close();
  });
}

const sizes = [
  { width: 360, height: 640 },
  { width: 412, height: 915 },
];
for (const size of sizes) {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const lang of ['en', 'ko'] as const) {
      test(`screenshots ${size.width}x${size.height} ${colorScheme} ${lang}`, async ({ browser }) => {
        mkdirSync(shots, { recursive: true });
        const context = await browser.newContext({ colorScheme, viewport: size, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
        const page = await context.newPage();
        const name = (what: string) => join(shots, `web-${what}-${size.width}x${size.height}-${colorScheme}-${lang}.png`);
        await page.goto(`/?lang=${lang}`);
        await expect(page.locator('[data-screen="menu"]')).toBeVisible();
        await page.screenshot({ path: name('menu') });
        await page.getByRole('button', { name: /New game|새 게임/ }).click();
        await page.screenshot({ path: name('new-game') });
        await page.getByRole('button', { name: /Back|뒤로/ }).click();
        await startGame(page, [{ player: 'player_human' }, { player: 'player_human' }, { player: 'player_human' }], 4);
        for (let i = 0; i < 8; i++) await playStep(page);
        await waitLanded(page);
        await page.screenshot({ path: name('board') });
        // Mid-flight: a swipe, a few frames later.
        for (;;) {
          const tb = await table(page);
          if (tb.can_throw) break;
          if (!(await playStep(page))) await page.waitForTimeout(100);
        }
        await swipe(page);
        await page.waitForFunction(() => {
          const t = (window as any).yunnoriView?.table?.throw;
          return t && !t.outcome && Date.now() > t.started_at_ms + 250;
        });
        await page.screenshot({ path: name('flight') });
        await context.close();
      });
    }
  }
}
