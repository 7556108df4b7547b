// Local games in the browser, played as a person plays them: swipes on the mat, taps on
// the board, bots, undo, hint, review, saves that survive a reload, a save file exported
// and imported.
import { expect, test } from '@playwright/test';
import { playStep, playUntilOver, settled, startGame, swipe, table, untilThrow, view, waitLanded } from './helpers';

test.beforeEach(async ({ page }) => {
  await page.goto('/?lang=en');
  await expect(page.locator('[data-screen="menu"]')).toBeVisible();
});

test('a whole pass-and-play game of two seats is played by swipes on the mat', async ({ page }) => {
  await startGame(page, [{ player: 'player_human' }, { player: 'player_human' }], 1);
  const first = await table(page);
  expect(first.can_throw).toBe(true);
  let swipes = 0;
  const until = Date.now() + 100_000;
  while (!(await view(page))?.table?.snapshot.over) {
    if (Date.now() > until) throw new Error('the game did not end');
    const before = await settled(page);
    if (before.can_throw) swipes++;
    if (!before.snapshot.over) expect(await playStep(page)).toBe(true);
  }
  expect(swipes).toBeGreaterThan(2);
  await expect(page.getByTestId('game-over')).toBeVisible();
  await expect(page.getByTestId('game-over')).toContainText(/won|이겼/);
});

test('a swipe throws: the sticks fly, the result shows only once they land', async ({ page }) => {
  await startGame(page, [{ player: 'player_human' }, { player: 'player_human' }], 2);
  await swipe(page);
  await page.waitForFunction(() => (window as any).yunnoriView?.table?.throw);
  const flying = await table(page);
  expect(flying.throw?.motion).toBe('Flight');
  expect(flying.throw?.outcome).toBeNull();
  expect(flying.throw?.flight.sticks).toHaveLength(4);
  await waitLanded(page);
  const landed = await table(page);
  expect(landed.throw?.outcome).not.toBeNull();
  expect(landed.throw?.flight.sticks.map((s) => s.flat_up)).toEqual(landed.throw?.sticks);
  // The page draws the core's frames of this throw: from the release to the landing, its
  // last frame the sticks at rest, showing the faces drawn.
  const frames = await page.evaluate(() => (window as any).yunnoriFrames as import('../src/pkg/yut_web').ThrowFrames);
  expect(frames.seq).toBe(landed.throw?.seq);
  const span = Number(landed.throw!.lands_at_ms - landed.throw!.started_at_ms);
  expect(frames.frames.length).toBe(Math.ceil((span * frames.fps) / 1000) + 1);
  const rest = frames.frames[frames.frames.length - 1]!;
  expect(rest.map((d) => d.flat_up).sort()).toEqual([...landed.throw!.sticks].sort());
  expect(rest.filter((d) => d.marked)).toHaveLength(1);
});

test('the sticks knock as they land, and the sound is made ready outside any flight', async ({ page }) => {
  // Web Audio watched: each context made (and whether sticks were flying as it was), and
  // each knock started.
  await page.addInitScript(() => {
    const w = window as any;
    const heard = { made: [] as boolean[], knocks: 0 };
    w.yunnoriAudio = heard;
    const Real = w.AudioContext as typeof AudioContext;
    const flying = (): boolean => {
      const t = w.yunnoriView?.table?.throw;
      return !!t && Date.now() < t.lands_at_ms;
    };
    // The page's first idle moment comes while the first sticks fly (a table swiped at
    // once), as it did in a CI run: until then, idle callbacks wait.
    const idle = w.requestIdleCallback.bind(w) as typeof requestIdleCallback;
    let flown = false;
    w.requestIdleCallback = (cb: IdleRequestCallback, options?: IdleRequestOptions): number => {
      const wait = (): void => {
        flown ||= flying();
        if (flown) idle(cb, options);
        else setTimeout(wait, 10);
      };
      wait();
      return 0;
    };
    w.AudioContext = class extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        heard.made.push(flying());
      }
      override createBufferSource(): AudioBufferSourceNode {
        heard.knocks++;
        return super.createBufferSource();
      }
    };
  });
  const heard = () => page.evaluate(() => (window as any).yunnoriAudio as { made: boolean[]; knocks: number });
  await page.reload();
  await expect(page.locator('[data-screen="menu"]')).toBeVisible();
  await startGame(page, [{ player: 'player_human' }, { player: 'player_human' }], 2);
  // The first flight is not held up making the sound.
  let before = await swipe(page);
  await waitLanded(page, before);
  await expect.poll(async () => (await heard()).made).toEqual([false]);
  // The next flight is heard.
  await untilThrow(page);
  const knocks = (await heard()).knocks;
  before = await swipe(page);
  await waitLanded(page, before);
  await expect.poll(async () => (await heard()).knocks).toBeGreaterThan(knocks);
  expect((await heard()).made).toEqual([false]);
});

test('a game against bots of every level ends', async ({ page }) => {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('checkbox', { name: 'Quick bots' }).check();
  await page.getByRole('button', { name: 'Back' }).click();
  await startGame(page, [{ player: 'player_human' }, { player: 'bot_easy' }, { player: 'bot_medium' }, { player: 'bot_hard' }], 1);
  const seats = (await table(page)).snapshot.seats.map((s) => s.player);
  expect(seats).toEqual(['Human', { Bot: { level: 'Easy' } }, { Bot: { level: 'Medium' } }, { Bot: { level: 'Hard' } }]);
  await playUntilOver(page, 110_000);
  await expect(page.getByTestId('game-over')).toBeVisible();
});

test('a reload mid-game comes back to the same position', async ({ page }) => {
  await startGame(page, [{ player: 'player_human' }, { player: 'player_human' }], 2);
  for (let i = 0; i < 6; i++) await playStep(page);
  await waitLanded(page);
  const before = await table(page);
  await page.reload();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('[data-screen="table"]')).toBeVisible();
  const after = await table(page);
  expect(after.game_id).toBe(before.game_id);
  expect(after.snapshot.stacks).toEqual(before.snapshot.stacks);
  expect(after.snapshot.turn.seat).toBe(before.snapshot.turn.seat);
  expect(after.snapshot.hand).toEqual(before.snapshot.hand);
});

test('undo takes a move back, a hint and a review come', async ({ page }) => {
  test.setTimeout(200_000);
  await startGame(page, [{ player: 'player_human' }, { player: 'player_human' }], 4);
  // A move can be taken back while the mover's turn goes on: after a Yut, a Mo or a
  // capture, with a result still in hand (about one turn in seven; four pieces each, so
  // the game lasts long enough for one).
  for (let i = 0; !(await settled(page)).can_undo; i++) {
    if (i === 150) throw new Error('no move to take back after 150 steps');
    expect(await playStep(page)).toBe(true);
  }
  const moved = await table(page);
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.waitForFunction((s) => (window as any).yunnoriView?.table?.snapshot.state !== s, moved.snapshot.state);
  const undone = await table(page);
  expect(undone.snapshot.hand.length).toBeGreaterThan(0);
  expect(undone.snapshot.phase).toBe('ToMove');
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.waitForFunction(() => (window as any).yunnoriView?.table?.hint, undefined, { timeout: 20_000 });
  await expect(page.locator('.note.hint')).toBeVisible();
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByRole('dialog', { name: 'Where the game turned' })).toBeVisible();
  await page.waitForFunction(() => (window as any).yunnoriView?.table?.review, undefined, { timeout: 30_000 });
  await expect(page.getByRole('dialog')).toContainText(/No clear slips|Turn \d/);
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a save file is exported, and imported back after the game is deleted', async ({ page }) => {
  await startGame(page, [{ player: 'player_human' }, { player: 'player_human' }], 2);
  for (let i = 0; i < 3; i++) await playStep(page);
  await waitLanded(page);
  const id = (await table(page)).game_id;
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Saved games' }).click();
  const row = page.locator(`.save-row[data-id="${id}"]`);
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Export' }).click();
  const file = await (await download).path();
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('import').click();
  await (await chooser).setFiles(file);
  await expect(page.getByTestId('notice')).toContainText('added');
  await expect(row).toHaveCount(1);
  // A file that is not a save is refused and nothing is added.
  const chooser2 = page.waitForEvent('filechooser');
  await page.getByTestId('import').click();
  await (await chooser2).setFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"schema_version": 2}') });
  await expect(page.getByTestId('notice')).toContainText('not added');
  await expect(page.locator('.save-row')).toHaveCount(1);
});
