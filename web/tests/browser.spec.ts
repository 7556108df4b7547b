// The browser as a platform: installable, an offline start, accessibility, and the
// screenshots (kept as test output).
import { chromium, expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostRoom, playStep, settled, startGame, swipe, table, untilThrow, waitLanded } from './helpers';
import type { AppView } from '../src/pkg/yut_web';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const shots = join(process.env.YUT_WEB_OUT ?? join(repo, 'web', 'test-results'), 'screenshots');

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
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a first visit fetches the core once, at once, and the throw\'s simulation once, after the menu', async ({ page }) => {
  // The page preloads the core and compiles that very download for the worker: a second
  // fetch (the worker's own, or a fetch the preload does not serve) would be a second
  // download. The simulation is not preloaded: the page fetches it once the menu shows.
  const wasm: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.wasm') && !r.serviceWorker()) wasm.push(r.url());
  });
  await page.goto('/?lang=en');
  await expect(page.locator('link[rel="preload"][as="fetch"][href$=".wasm"]')).toHaveCount(1);
  await expect(page.locator('link[rel="preload"][href*="/yut_web_bg"]')).toHaveCount(1);
  await expect(page.locator('[data-screen="menu"]')).toBeVisible();
  await page.waitForFunction(() => (window as any).yunnoriPhysicsAt !== undefined);
  expect(wasm.filter((u) => u.includes('/yut_web_bg'))).toHaveLength(1);
  expect(wasm.filter((u) => u.includes('/yut_physics_web_bg'))).toHaveLength(1);
  expect(wasm).toHaveLength(2);
});

test.describe('the throw\'s simulation still downloading', () => {
  // The page fetches the simulation itself (no service worker yet on a first visit; blocked
  // here so the route below sees the request).
  test.use({ serviceWorkers: 'block' });

  /// Holds the simulation's download until the returned function is called.
  async function holdSimulation(page: Page): Promise<() => void> {
    let arrive = (): void => undefined;
    const arrived = new Promise<void>((ok) => (arrive = ok));
    await page.route('**/yut_physics_web_bg*.wasm', async (route) => {
      await arrived;
      await route.continue();
    });
    return arrive;
  }

  test('a throw made before it has arrived says the sticks are on their way, then flies', async ({ page }) => {
    const arrive = await holdSimulation(page);
    await page.goto('/?lang=en');
    await expect(page.locator('[data-screen="menu"]')).toBeVisible();
    await startGame(page, [{ player: 'player_human' }, { player: 'player_human' }], 2);
    await expect(page.getByTestId('sticks-coming')).toHaveCount(0);
    await swipe(page);
    await expect(page.getByTestId('sticks-coming')).toHaveText('The sticks are on their way…');
    await expect(page.getByTestId('mat')).toHaveAttribute('aria-label', 'The sticks are on their way…');
    expect((await table(page)).throw).toBeNull();

    arrive();
    await page.waitForFunction(() => (window as any).yunnoriView?.table?.throw);
    await expect(page.getByTestId('sticks-coming')).toHaveCount(0);
    expect((await table(page)).throw?.motion).toBe('Flight');
    await waitLanded(page);
    expect((await table(page)).throw?.outcome).not.toBeNull();
  });

  test('what is typed in a field stays while a view comes in, and is sent on leaving it', async ({ page }) => {
    const arrive = await holdSimulation(page);
    await page.goto('/?lang=en');
    await page.getByRole('button', { name: 'New game' }).click();
    await page.locator('.house-rules summary').click();
    const count = page.locator('#rule-pieces_per_player');
    await expect(count).toHaveValue('4');
    // Typed, not yet left: the simulation arrives, and the page draws the form again.
    await count.fill('2');
    arrive();
    await page.waitForFunction(() => (window as any).yunnoriPhysicsAt !== undefined);
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    await expect(count).toHaveValue('2');
    expect((await page.evaluate(() => (window as any).yunnoriView as AppView)).form?.changed).not.toContain('pieces_per_player');
    await count.press('Tab');
    await page.waitForFunction(() => ((window as any).yunnoriView as AppView).form?.changed.includes('pieces_per_player'));
    await expect(count).toHaveValue('2');
  });
});

/// Waits until the service worker has kept the app and serves this page.
async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, { once: true }));
    }
  });
}

/// The bots' networks the browser keeps for this site, by name (`net_yunnori_2p`, ...).
const keptNets = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const names = new Set<string>();
    for (const key of await caches.keys()) {
      for (const req of await (await caches.open(key)).keys()) {
        const m = /\/(net_[a-z0-9_]+)-[^/]*\.bin$/.exec(new URL(req.url).pathname);
        if (m) names.add(m[1]!);
      }
    }
    return [...names].sort();
  });

test('after the first visit a local game starts and plays with the network cut', async ({ page, context }) => {
  await page.goto('/?lang=en');
  await expect(page.locator('[data-screen="menu"]')).toBeVisible();
  await controlled(page);
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

test('a first visit keeps one bot network; a game keeps its own for offline play; installing keeps them all', async ({ page, context }) => {
  test.setTimeout(150_000);
  const hardBot = [{ player: 'player_human' }, { player: 'bot_hard' }] as const;
  await page.goto('/?lang=en');
  await expect(page.locator('[data-screen="menu"]')).toBeVisible();
  await controlled(page);
  // About 100 KB each: a first visit (a guest from a room link among them) keeps only the
  // one the new-game form's own table reads.
  expect(await keptNets(page)).toEqual(['net_yunnori']);

  // A hard bot at two pieces a seat reads its table's network: fetched, and kept.
  await startGame(page, [...hardBot], 2);
  const until = Date.now() + 60_000;
  while (!(await keptNets(page)).includes('net_yunnori_2p')) {
    if (Date.now() > until) throw new Error(`the hard bot's network was never kept: ${JSON.stringify(await keptNets(page))}`);
    if (!(await playStep(page))) await page.waitForTimeout(200);
  }

  // With the network cut, a new game at that table: the bot takes its turn.
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('[data-screen="menu"]')).toBeVisible();
  await startGame(page, [...hardBot], 2);
  let botTurns = 0;
  while (botTurns === 0) {
    const tb = await settled(page, 30_000);
    expect(tb.snapshot.over).toBe(false);
    if (tb.status === 'BotThinks' || tb.status === 'BotThrows' || tb.status === 'BotMoves') {
      await page.waitForFunction(
        () => {
          const t = (window as unknown as { yunnoriView?: AppView }).yunnoriView?.table;
          return !t || t.snapshot.over || t.can_throw || t.can_move || t.choice !== undefined;
        },
        undefined,
        { timeout: 30_000 },
      );
      botTurns++;
    } else {
      await playStep(page);
    }
  }
  await expect(page.getByText(/still waiting for its game data/)).toHaveCount(0);
  await context.setOffline(false);

  // Installed (Chromium's `appinstalled`; a home-screen start is `display-mode: standalone`):
  // every network is kept, so every bot plays offline.
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  const all = ['net_yunnori', 'net_yunnori_2p', 'net_yunnori_3p', 'net_culin1895', 'net_yunnori_vs_medium', 'net_yunnori_vs_medium_rival'];
  await expect.poll(() => keptNets(page), { timeout: 60_000 }).toEqual(all.sort());
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
    // Online: the entry, a room's lobby and its game on the table (a bot in the other seat).
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Play online' }).click();
    await audit('online entry');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    const code = await hostRoom(page, 'Haneul', [{ player: 'player_human' }, { player: 'bot_easy' }]);
    await audit('lobby');
    await page.getByRole('button', { name: "I'm ready" }).click();
    await page.getByTestId('start-room').click();
    await expect(page.locator(`[data-screen="table"][data-room="${code}"]`)).toBeVisible();
    await audit('room table');
    await page.getByRole('button', { name: 'Leave the room' }).click();
    await context.close();
  });
}

const sizes = [
  { width: 360, height: 640 },
  { width: 412, height: 915 },
];
const looks = (['light', 'dark'] as const).flatMap((colorScheme) => (['en', 'ko'] as const).map((lang) => ({ colorScheme, lang })));

// One game per size, shown in both themes and languages: the page is reloaded in each look
// and the saved game continued, so each look's journey is a few bounded steps.
for (const size of sizes) {
  test(`screenshots ${size.width}x${size.height}: menu, new game, board, mid-flight; light and dark, English and Korean`, async ({ browser }) => {
    mkdirSync(shots, { recursive: true });
    const context = await browser.newContext({ viewport: size, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const name = (what: string, look: (typeof looks)[number]) =>
      join(shots, `web-${what}-${size.width}x${size.height}-${look.colorScheme}-${look.lang}.png`);
    const open = async (look: (typeof looks)[number]) => {
      await page.emulateMedia({ colorScheme: look.colorScheme });
      await page.goto(`/?lang=${look.lang}`);
      await expect(page.locator('[data-screen="menu"]')).toBeVisible();
    };
    for (const look of looks) {
      await open(look);
      await page.screenshot({ path: name('menu', look) });
      await page.getByRole('button', { name: /New game|새 게임/ }).click();
      await expect(page.locator('[data-screen="new-game"]')).toBeVisible();
      await page.screenshot({ path: name('new-game', look) });
      await page.getByRole('button', { name: /Back|뒤로/ }).click();
    }
    await startGame(page, [{ player: 'player_human' }, { player: 'player_human' }, { player: 'player_human' }], 4);
    for (let i = 0; i < 10; i++) await playStep(page);
    for (const look of looks) {
      await open(look);
      await page.getByRole('button', { name: /Continue|이어서 하기/ }).click();
      await expect(page.locator('[data-screen="table"]')).toBeVisible();
      // A move due with pieces waiting: the fullest row of controls (New piece, Throw, Undo,
      // Hint). Every control's words fit inside it, none runs over its neighbour.
      for (let i = 0; ; i++) {
        const tb = await settled(page);
        if (tb.can_move && tb.movable.includes('Home')) break;
        if (i === 30) throw new Error('no move with a piece waiting in 30 steps');
        expect(await playStep(page)).toBe(true);
      }
      await expect(page.getByTestId('new-piece')).toBeVisible();
      const overflowing = await page.locator('.controls button').evaluateAll((els) =>
        els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
      );
      expect(overflowing, `${look.colorScheme} ${look.lang}`).toEqual([]);
      await untilThrow(page);
      // The board at rest: the last move has arrived.
      await page.waitForFunction(() => {
        const m = (window as any).yunnoriView?.table?.last_move;
        return !m || Date.now() >= m.lands_at_ms;
      });
      await page.screenshot({ path: name('board', look) });
      // Mid-flight: a swipe, the shot a quarter of a second into the flight, before the
      // sticks land (a flight too short to catch, or a screenshot too slow on a busy machine,
      // is thrown again, at most six times).
      let caught = false;
      for (let attempt = 0; attempt < 6 && !caught; attempt++) {
        await untilThrow(page);
        const before = await swipe(page);
        const flying = await page.waitForFunction((seq) => {
          const t = (window as any).yunnoriView?.table?.throw;
          if (!t || t.seq === seq) return false;
          return t.outcome || Date.now() > t.started_at_ms + 250 ? { landed: !!t.outcome, lands: t.lands_at_ms } : false;
        }, before);
        const { landed, lands } = (await flying.jsonValue()) as { landed: boolean; lands: number };
        if (!landed) {
          await page.screenshot({ path: name('flight', look) });
          caught = (await page.evaluate(() => Date.now())) < lands;
        }
        await waitLanded(page, before);
      }
      expect(caught, 'a screenshot taken while the sticks flew').toBe(true);
    }
    await context.close();
  });
}
