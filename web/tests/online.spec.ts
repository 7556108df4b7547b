// Online rooms in the browser, against the real yut-server that serves the page: one
// browser hosts a room, another opens its link (`/r/CODE`) and joins, both play turns by
// swipes and taps, one drops (its page closed) and is back in its seat when the page opens
// again or reloads, from the ticket the browser kept; the lobby's screenshots in both themes and languages.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppView } from '../src/pkg/yut_web';
import { hostRoom, playStep, view } from './helpers';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const shots = join(process.env.YUT_WEB_OUT ?? join(repo, 'web', 'test-results'), 'screenshots');

const phone = { viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true };

/// The page's own seat in its room (its protocol index).
async function mySeat(page: Page): Promise<number> {
  const seat = (await view(page))?.online.room?.seats.find((s) => s.mine);
  if (!seat) throw new Error('this browser holds no seat');
  return seat.seat;
}

/// Waits until one of `pages` may act on the room's table (or the game is over) and plays
/// one step there by a swipe or a tap. Returns the page that played.
async function roomStep(pages: Page[], timeout = 30_000): Promise<Page | undefined> {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    for (const page of pages) {
      const t = (await view(page))?.table;
      if (!t) continue;
      if (t.snapshot.over) return undefined;
      if (t.throw && !t.throw.outcome) continue;
      if (t.can_throw || t.can_move || t.choice != null) {
        if (await playStep(page)) return page;
      }
    }
    await pages[0]!.waitForTimeout(50);
  }
  throw new Error('no seat could act on the room table in time');
}

/// Plays steps on the room's table until every one of `pages` has played (at most 30).
async function untilEachPlayed(pages: Page[]): Promise<number> {
  const played = new Set<Page>();
  for (let i = 0; i < 30 && played.size < pages.length; i++) {
    const who = await roomStep(pages);
    if (!who) break;
    played.add(who);
  }
  return played.size;
}

const onTable = (page: Page, code: string) => expect(page.locator(`[data-screen="table"][data-room="${code}"]`)).toBeVisible();

test('two browsers host and join a room by its link, play by swipes and taps, one drops and rejoins its seat', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const hostCtx = await browser.newContext({ ...phone, permissions: ['clipboard-read', 'clipboard-write'] });
  const guestCtx = await browser.newContext(phone);
  try {
    const host = await hostCtx.newPage();
    await host.goto('/?lang=en');
    const code = await hostRoom(host, 'Haneul', [{ player: 'player_human' }, { player: 'player_human' }]);
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    // The room's link is an address of the page's own server; Share copies it here (a
    // desktop Chromium has no share sheet).
    const link = `${baseURL}/r/${code}`;
    await expect(host.getByTestId('room-link')).toHaveText(link);
    await host.getByTestId('share').click();
    await expect(host.getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible();
    expect(await host.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // The room socket is the page's own origin.
    expect((await view(host))?.online.server).toBe(baseURL!.replace(/^http/, 'ws'));

    // The guest opens the link: the join screen with the code filled in.
    const guest = await guestCtx.newPage();
    await guest.goto(link);
    await expect(guest.locator('[data-screen="online"]')).toBeVisible();
    await expect(guest.getByTestId('online-code')).toHaveValue(code);
    await guest.getByTestId('online-name').fill('Jun');
    await guest.getByTestId('join').click();
    await expect(guest.locator('[data-screen="lobby"]')).toBeVisible();
    const guestSeat = await mySeat(guest);
    const hostSeat = await mySeat(host);
    expect(guestSeat).not.toBe(hostSeat);
    // Seats are read from 1; the host sees Jun take seat 2.
    await expect(host.locator(`.room-seat[data-seat="${guestSeat}"]`)).toContainText('Jun');
    await expect(host.locator(`.room-seat[data-seat="${guestSeat}"] .number`)).toHaveText(String(guestSeat + 1));
    await expect(host.getByTestId('start-room')).toBeDisabled();
    await host.getByTestId(`ready-${hostSeat}`).click();
    await guest.getByTestId(`ready-${guestSeat}`).click();
    await expect(host.getByTestId('start-room')).toBeEnabled();
    await host.getByTestId('start-room').click();
    await onTable(host, code);
    await onTable(guest, code);

    // Turns by swipes and taps on both phones, until each has played.
    expect(await untilEachPlayed([host, guest]), 'both browsers played a step').toBe(2);

    // The guest's tab is closed: the host sees the seat away.
    await guest.close();
    await expect(host.getByTestId(`seat-tags-${guestSeat}`)).toContainText('Away');
    mkdirSync(shots, { recursive: true });
    await host.screenshot({ path: join(shots, 'web-room-away-412x915-light-en.png') });
    // The guest opens the page again: with no tap, its kept room (the ticket in IndexedDB)
    // rejoins its seat, as a phone does when it starts again.
    const back = await guestCtx.newPage();
    await back.goto('/?lang=en');
    await onTable(back, code);
    expect(await mySeat(back)).toBe(guestSeat);
    await expect(host.locator(`.seats [data-seat="${guestSeat}"]`)).not.toContainText('Away');
    // A reload mid-game comes back to the same room's table and seat.
    await back.reload();
    await onTable(back, code);
    expect(await mySeat(back)).toBe(guestSeat);
    await expect(host.locator(`.seats [data-seat="${guestSeat}"]`)).not.toContainText('Away');
    // And play goes on from where it was, on both.
    expect(await untilEachPlayed([host, back]), 'both browsers played after the rejoin').toBe(2);
    // Leaving the room is for good: the page opened again stays on the menu.
    await back.getByTestId('to-room').click();
    await back.getByTestId('leave-room').click();
    await expect(back.locator('[data-screen="lobby"]')).toHaveCount(0);
    await back.reload();
    await expect(back.locator('[data-screen="menu"]')).toBeVisible();
    await back.waitForTimeout(1500);
    await expect(back.locator('[data-screen="menu"]')).toBeVisible();
    const after = await view(back);
    expect(after?.online.room ?? null).toBeNull();
    expect(after?.online.busy).toBe(false);
  } finally {
    await hostCtx.close();
    await guestCtx.close();
  }
});

test('a room link pasted into the code box is read as the browser reads links', async ({ browser, baseURL }) => {
  const contexts = await Promise.all([0, 1].map(() => browser.newContext(phone)));
  try {
    const [host, guest] = await Promise.all(contexts.map((c) => c.newPage()));
    await host!.goto('/?lang=en');
    const code = await hostRoom(host!, 'Haneul', [{ player: 'player_human' }, { player: 'player_human' }]);
    await guest!.goto('/?lang=en');
    await guest!.getByRole('button', { name: 'Play online' }).click();
    await guest!.getByTestId('online-name').fill('Jun');
    // A link, but to no room: refused, nothing joined.
    await guest!.getByTestId('online-code').fill('mailto:someone@example.com');
    await guest!.getByTestId('join').click();
    await expect(guest!.getByTestId('message')).toContainText('That is not a room code.');
    await expect(guest!.locator('[data-screen="online"]')).toBeVisible();
    // The https link as a chat app may pass it on: the scheme in capitals, a dot segment,
    // the code in small letters, a closing slash, a query and a fragment.
    const link = `${baseURL!.replace(/^http:/, 'HTTP:')}/x/../r/${code.toLowerCase()}/?from=chat#top`;
    await guest!.getByTestId('online-code').fill(link);
    await guest!.getByTestId('join').click();
    await expect(guest!.locator('[data-screen="lobby"]')).toBeVisible();
    expect((await view(guest!))?.online.room?.code).toBe(code);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});

test('a full room is watched from its link, without a seat, into its game', async ({ browser }) => {
  test.setTimeout(90_000);
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext(phone)));
  try {
    const [host, guest, watcher] = await Promise.all(contexts.map((c) => c.newPage()));
    await host!.goto('/?lang=en');
    const code = await hostRoom(host!, 'Haneul', [{ player: 'player_human' }, { player: 'player_human' }]);
    await guest!.goto(`/r/${code}?lang=en`);
    await guest!.getByTestId('online-name').fill('Jun');
    await guest!.getByTestId('join').click();
    await expect(guest!.locator('[data-screen="lobby"]')).toBeVisible();
    // The room is full: Watch, from the same link, takes no seat.
    await watcher!.goto(`/r/${code}?lang=en`);
    await expect(watcher!.getByTestId('online-code')).toHaveValue(code);
    await watcher!.getByTestId('watch').click();
    await expect(watcher!.locator('[data-screen="lobby"]')).toBeVisible();
    await expect(watcher!.getByTestId('watching')).toBeVisible();
    expect((await view(watcher!))?.online.room?.seats.some((s) => s.mine)).toBe(false);
    await expect(watcher!.locator('[data-testid^="ready-"]')).toHaveCount(0);
    await expect.poll(async () => (await view(host!))?.online.room?.spectators).toBe(1);
    await host!.getByTestId(`ready-${await mySeat(host!)}`).click();
    await guest!.getByTestId(`ready-${await mySeat(guest!)}`).click();
    await host!.getByTestId('start-room').click();
    // The watcher follows the game on the room's table, with nothing to throw.
    await onTable(watcher!, code);
    const t = (await view(watcher!))?.table;
    expect(t?.room?.code).toBe(code);
    expect(t?.can_throw).toBe(false);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});

const looks = (['light', 'dark'] as const).flatMap((colorScheme) => (['en', 'ko'] as const).map((lang) => ({ colorScheme, lang })));

async function lobbyShots(browser: Browser, size: { width: number; height: number }): Promise<void> {
  mkdirSync(shots, { recursive: true });
  const contexts: BrowserContext[] = [];
  try {
    const hostCtx = await browser.newContext({ viewport: size, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const guestCtx = await browser.newContext(phone);
    contexts.push(hostCtx, guestCtx);
    const host = await hostCtx.newPage();
    await host.goto('/?lang=en');
    const code = await hostRoom(host, 'Haneul', [{ player: 'player_human' }, { player: 'player_human' }, { player: 'bot_medium' }]);
    const guest = await guestCtx.newPage();
    await guest.goto(`/r/${code}?lang=en`);
    await guest.getByTestId('online-name').fill('Jun');
    if (size.width === 412) await guest.screenshot({ path: join(shots, 'web-online-entry-412x915-light-en.png') });
    await guest.getByTestId('join').click();
    await expect(guest.locator('[data-screen="lobby"]')).toBeVisible();
    await host.getByTestId(`ready-${await mySeat(host)}`).click();
    await expect(host.locator('.room-seat').nth(1)).toContainText('Jun');
    for (const look of looks) {
      await host.emulateMedia({ colorScheme: look.colorScheme });
      // The language from the menu's switch: the room stays held meanwhile.
      await host.getByRole('button', { name: /^(Back|뒤로)$/ }).click();
      await host.getByRole('button', { name: look.lang === 'en' ? 'English' : '한국어' }).click();
      await host.getByRole('button', { name: /Play online|온라인으로 놀기/ }).click();
      await expect(host.locator('[data-screen="lobby"]')).toBeVisible();
      await host.screenshot({ path: join(shots, `web-lobby-${size.width}x${size.height}-${look.colorScheme}-${look.lang}.png`) });
    }
  } finally {
    for (const c of contexts) await c.close();
  }
}

for (const size of [{ width: 360, height: 640 }, { width: 412, height: 915 }]) {
  test(`screenshots ${size.width}x${size.height}: the lobby; light and dark, English and Korean`, async ({ browser }) => {
    await lobbyShots(browser, size);
  });
}

/// A TCP relay in front of the server, so a test can cut the page's connection (the
/// browser's offline mode leaves an open WebSocket alone) and mend it again.
async function relay(to: URL) {
  const open = new Set<Socket>();
  let down = false;
  const server = createServer((client) => {
    if (down) return void client.destroy();
    const upstream = connect(Number(to.port), to.hostname);
    const end = (): void => {
      for (const s of [client, upstream]) {
        s.destroy();
        open.delete(s);
      }
    };
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('error', end);
      s.on('close', end);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const port = await new Promise<number>((ok) => server.listen(0, '127.0.0.1', () => ok((server.address() as AddressInfo).port)));
  return {
    url: `http://127.0.0.1:${port}`,
    cut: (): void => {
      down = true;
      for (const s of open) s.destroy();
    },
    mend: (): void => {
      down = false;
    },
    close: (): Promise<void> => {
      for (const s of open) s.destroy();
      return new Promise((ok) => server.close(() => ok()));
    },
  };
}

test('a lost connection shows the banner, and Retry brings the room back', async ({ browser, baseURL }) => {
  const line = await relay(new URL(baseURL!));
  const ctx = await browser.newContext(phone);
  try {
    const page = await ctx.newPage();
    await page.goto(`${line.url}/?lang=en`);
    const code = await hostRoom(page, 'Haneul', [{ player: 'player_human' }, { player: 'bot_easy' }]);
    await page.getByTestId(`ready-${await mySeat(page)}`).click();
    await page.getByTestId('start-room').click();
    await onTable(page, code);
    await expect(page.getByTestId('banner')).toHaveCount(0);
    line.cut();
    await expect(page.getByTestId('banner')).toContainText('Reconnecting');
    // The core tries again on its own, each wait longer; Retry tries now.
    await page.waitForFunction(() => {
      const c = (window as unknown as { yunnoriView?: AppView }).yunnoriView?.online.connection;
      return typeof c === 'object' && 'Reconnecting' in c && c.Reconnecting.attempt >= 4;
    });
    line.mend();
    await page.getByTestId('banner').getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('banner')).toHaveCount(0);
    await onTable(page, code);
    expect((await view(page))?.online.room?.seats.find((s) => s.mine)?.away).toBe(false);
  } finally {
    await ctx.close();
    await line.close();
  }
});
