// What the tests do as a person would: fill the new-game form, swipe on the stick mat
// with a finger (touch events through the browser's input pipeline), tap pieces and
// destinations. They read the core's view (window.yunnoriView) only to decide what to tap.
import { expect, type Page } from '@playwright/test';
import type { AppView, Spot } from '../src/pkg/yut_web';

export const view = (page: Page): Promise<AppView | undefined> =>
  page.evaluate(() => (window as unknown as { yunnoriView?: AppView }).yunnoriView);

export async function table(page: Page) {
  const v = await view(page);
  if (!v?.table) throw new Error('no table on screen');
  return v.table;
}

export interface Seat {
  player: 'player_human' | 'bot_easy' | 'bot_medium' | 'bot_hard';
}

/// Opens the form from the menu and starts a game of `seats` with `pieces` pieces each.
export async function startGame(page: Page, seats: Seat[], pieces = 1, teams = false): Promise<void> {
  await page.getByRole('button', { name: /New game|새 게임/ }).click();
  await expect(page.locator('[data-screen="new-game"]')).toBeVisible();
  for (let i = 2; i < seats.length; i++) await page.getByTestId('add-seat').click();
  await expect(page.locator('.seat-form')).toHaveCount(seats.length);
  for (const [i, s] of seats.entries()) await page.getByTestId(`player-${i}`).selectOption(s.player);
  if (teams) await page.getByRole('checkbox', { name: /teams|편을/ }).check();
  await page.locator('.house-rules summary').click();
  const count = page.locator('#rule-pieces_per_player');
  await count.fill(String(pieces));
  await count.press('Tab');
  await expect(count).toHaveValue(String(pieces));
  await page.getByTestId('start').click();
  await expect(page.locator('[data-screen="table"]')).toBeVisible();
}

/// A finger's flick up the mat: touch start low on the mat, a few moves up, release.
export async function swipe(page: Page, strength = 1): Promise<void> {
  const box = await page.getByTestId('mat').boundingBox();
  if (!box) throw new Error('no mat');
  const cdp = await page.context().newCDPSession(page);
  const x0 = box.x + box.width * 0.5;
  const y0 = box.y + box.height * 0.85;
  const point = (x: number, y: number) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(x0, y0) });
  for (let i = 1; i <= 6; i++) {
    await page.waitForTimeout(12);
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: point(x0 + i * 3 * strength, y0 - i * box.height * 0.1 * strength),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function tapSpot(page: Page, spot: Spot): Promise<void> {
  if (spot === 'Home') await page.getByTestId('new-piece').click();
  else if (spot === 'Done') await page.getByTestId('bring-home').click();
  else await page.locator(`[data-station="${spot.Station.id}"]`).tap();
}

/// Plays one step for a person: a swipe when a throw is due, else the first movable piece
/// to its first destination (answering any question with its first choice). Returns false
/// when there was nothing for a person to do.
export async function playStep(page: Page): Promise<boolean> {
  const v = await view(page);
  const tb = v?.table;
  if (!tb || tb.snapshot.over) return false;
  if (tb.throw && !tb.throw.outcome) return false;
  if (tb.choice) {
    await page.locator('.dialog .card button.primary').first().click();
    return true;
  }
  if (tb.can_throw) {
    await swipe(page);
    await page.waitForFunction(
      (seq) => {
        const t = (window as unknown as { yunnoriView?: AppView }).yunnoriView?.table;
        return !t || (t.throw?.seq ?? 0) > seq;
      },
      tb.throw?.seq ?? 0,
    );
    return true;
  }
  if (tb.selection && tb.selection.destinations.length > 0) {
    await tapSpot(page, tb.selection.destinations[0]!.to);
    return true;
  }
  if (tb.can_move && tb.movable.length > 0) {
    await tapSpot(page, tb.movable[0]!);
    return true;
  }
  return false;
}

/// Plays until the game is over (bots play their own turns).
export async function playUntilOver(page: Page, limitMs = 100_000): Promise<void> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    const v = await view(page);
    if (v?.table?.snapshot.over) return;
    if (!(await playStep(page))) await page.waitForTimeout(100);
  }
  throw new Error('the game did not end in time');
}

/// The throw is in the air: wait until its sticks land.
export async function waitLanded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const t = (window as unknown as { yunnoriView?: AppView }).yunnoriView?.table;
    return !t?.throw || t.throw.outcome !== null;
  });
}
