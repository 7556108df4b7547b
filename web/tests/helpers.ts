// What the tests do as a person would: fill the new-game form, swipe on the stick mat
// with a finger (touch events through the browser's input pipeline), tap pieces and
// destinations. They read the core's view (window.yunnoriView) only to decide what to tap.
import { expect, type Page } from '@playwright/test';
import type { AppView, Spot, TableState } from '../src/pkg/yut_web';

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

/// Sets the table on the new-game form: `seats` with `pieces` pieces each.
async function setTable(page: Page, seats: Seat[], pieces: number, teams = false): Promise<void> {
  for (let i = 2; i < seats.length; i++) await page.getByTestId('add-seat').click();
  await expect(page.locator('.seat-form')).toHaveCount(seats.length);
  for (const [i, s] of seats.entries()) await page.getByTestId(`player-${i}`).selectOption(s.player);
  if (teams) await page.getByRole('checkbox', { name: /teams|편을/ }).check();
  await page.locator('.house-rules summary').click();
  const count = page.locator('#rule-pieces_per_player');
  await count.fill(String(pieces));
  await count.press('Tab');
  await expect(count).toHaveValue(String(pieces));
}

/// Opens the form from the menu and starts a game of `seats` with `pieces` pieces each.
export async function startGame(page: Page, seats: Seat[], pieces = 1, teams = false): Promise<void> {
  await page.getByRole('button', { name: /New game|새 게임/ }).click();
  await expect(page.locator('[data-screen="new-game"]')).toBeVisible();
  await setTable(page, seats, pieces, teams);
  await page.getByTestId('start').click();
  await expect(page.locator('[data-screen="table"]')).toBeVisible();
}

/// A finger's flick up the mat: touch start low on the mat, a few moves up, release.
/// Returns the `seq` of the throw shown before it (0: none), which the table keeps
/// showing, landed, until the new throw comes: see `waitLanded`.
export async function swipe(page: Page, strength = 1): Promise<number> {
  const before = (await table(page)).throw?.seq ?? 0;
  const mat = page.getByTestId('mat');
  await mat.scrollIntoViewIfNeeded();
  const box = await mat.boundingBox();
  if (!box) throw new Error('no mat');
  const x0 = box.x + box.width * 0.5;
  const y0 = box.y + box.height * 0.85;
  // The finger must come down on the mat, not on something drawn over it.
  const hit = await page.evaluate(([x, y]) => {
    const el = document.elementFromPoint(x, y);
    return el?.getAttribute('data-testid') ?? el?.outerHTML.slice(0, 80);
  }, [x0, y0] as const);
  if (hit !== 'mat') throw new Error(`the swipe would start on ${String(hit)}, not on the mat`);
  const cdp = await page.context().newCDPSession(page);
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
  return before;
}

/// What a person's next action is decided from: an action is done once this changes (the
/// view the page exposes is the worker's answer, which comes after the action).
const signature = (t: TableState): string =>
  JSON.stringify([t.snapshot.state, t.snapshot.over, t.status, t.can_throw, t.selection?.from ?? null, t.choice ? 1 : 0, t.throw?.seq ?? 0]);

/// Waits until the table is ready for a person (the sticks landed; a throw, a move or a
/// question is open), it is a bot's turn, or the game is over.
export async function settled(page: Page, timeout = 20_000): Promise<TableState> {
  await page.waitForFunction(
    () => {
      const t = (window as unknown as { yunnoriView?: AppView }).yunnoriView?.table;
      if (!t) return true;
      if (t.snapshot.over) return true;
      if (t.throw && !t.throw.outcome) return false;
      const bot = t.status === 'BotThinks' || t.status === 'BotThrows' || t.status === 'BotMoves';
      return bot || t.can_throw || t.can_move || t.choice !== undefined;
    },
    undefined,
    { timeout },
  );
  return table(page);
}

async function tapSpot(page: Page, spot: Spot, destination: boolean): Promise<void> {
  // Home as a destination is a piece taken back off the board (Back-Do from the first
  // station); as a piece to move, one of those waiting.
  if (spot === 'Home') await page.getByTestId(destination ? 'back-home' : 'new-piece').click();
  else if (spot === 'Done') await page.getByTestId('bring-home').click();
  else await page.locator(`[data-station="${spot.Station.id}"]`).tap();
}

/// Plays one step for a person once the table has settled: a swipe when a throw is due,
/// else the first movable piece to its first destination (answering any question with its
/// first choice), and waits until the page shows the step taken. Returns false when there
/// was nothing for a person to do (a bot's turn, the game over).
export async function playStep(page: Page, timeout = 20_000): Promise<boolean> {
  const tb = await settled(page, timeout);
  if (tb.snapshot.over) return false;
  const before = signature(tb);
  if (tb.choice) await page.locator('.dialog .card button.primary').first().click();
  else if (tb.can_throw) await swipe(page);
  else if (tb.selection && tb.selection.destinations.length > 0) await tapSpot(page, tb.selection.destinations[0]!.to, true);
  else if (tb.can_move && tb.movable.length > 0) await tapSpot(page, tb.movable[0]!, false);
  else return false;
  const until = Date.now() + timeout;
  for (;;) {
    const now = (await view(page))?.table;
    if (!now || signature(now) !== before) break;
    if (Date.now() > until) {
      throw new Error(`the step from ${before} had no effect; message on screen: ${JSON.stringify((await view(page))?.message)}`);
    }
    await page.waitForTimeout(40);
  }
  return true;
}

/// Steps (at most `limit`) until a person may throw.
export async function untilThrow(page: Page, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    const tb = await settled(page);
    if (tb.can_throw) return;
    if (!(await playStep(page))) throw new Error(`nothing to play and no throw due: ${signature(tb)}`);
  }
  throw new Error(`no throw due after ${limit} steps`);
}

/// Plays until the game is over (bots play their own turns).
export async function playUntilOver(page: Page, limitMs = 100_000): Promise<void> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    const tb = await settled(page, Math.max(1, until - Date.now()));
    if (tb.snapshot.over) return;
    if (!(await playStep(page))) {
      // A bot's turn: wait until it is a person's again, or over.
      await page.waitForFunction(
        () => {
          const t = (window as unknown as { yunnoriView?: AppView }).yunnoriView?.table;
          return !t || t.snapshot.over || t.can_throw || t.can_move || t.choice !== undefined;
        },
        undefined,
        { timeout: Math.max(1, until - Date.now()) },
      );
    }
  }
  throw new Error('the game did not end in time');
}

/// The throw is in the air: wait until its sticks land. With `before` (from `swipe`), the
/// landing of a throw after that one: the one before shows landed until the new one comes.
export async function waitLanded(page: Page, before?: number): Promise<void> {
  await page.waitForFunction((seq) => {
    const t = (window as unknown as { yunnoriView?: AppView }).yunnoriView?.table?.throw;
    if (seq === null) return !t || t.outcome !== null;
    return !!t && t.seq !== seq && t.outcome !== null;
  }, before ?? null);
}

/// Opens a room from the menu's online entry: `name` on the first person's seat, the table
/// `seats` with `pieces` pieces each. Returns the room's code.
export async function hostRoom(page: Page, name: string, seats: Seat[], pieces = 1): Promise<string> {
  await page.getByRole('button', { name: /Play online|온라인으로 놀기/ }).click();
  await expect(page.locator('[data-screen="online"]')).toBeVisible();
  await page.getByTestId('host').click();
  await expect(page.locator('[data-screen="new-game"][data-hosting="yes"]')).toBeVisible();
  await page.getByTestId('host-name').fill(name);
  await setTable(page, seats, pieces);
  await page.getByTestId('open-room').click();
  await expect(page.locator('[data-screen="lobby"]')).toBeVisible();
  return (await page.getByTestId('room-code').textContent()) ?? '';
}
