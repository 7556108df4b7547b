// The shell's words: Korean says everything English says, and a visit downloads the
// strings of its own language only (each is a chunk of its own, src/i18n.ts).
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';

const read = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../src/strings/${lang}.json`, import.meta.url), 'utf8')) as Record<string, string>;

test('every English string has its Korean one, with the same blanks', () => {
  const en = read('en');
  const ko = read('ko');
  const blanks = (s: string): string[] => [...s.matchAll(/\{\d\}/g)].map((m) => m[0]).sort();
  // Korean does not mark the singular: `key#one` falls back to `key#other` (tn).
  const needed = Object.keys(en).filter((k) => !k.endsWith('#one'));
  expect(needed.filter((k) => !ko[k]?.trim())).toEqual([]);
  expect(needed.filter((k) => blanks(en[k]!).join() !== blanks(ko[k]!).join())).toEqual([]);
  expect(Object.keys(ko).filter((k) => !(k in en))).toEqual([]);
});

for (const [lang, other, newGame] of [
  ['en', 'ko', 'New game'],
  ['ko', 'en', '새 게임'],
] as const) {
  test(`a visit in ${lang} downloads its own strings, not the ${other} ones`, async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto(`/?lang=${lang}`);
    await expect(page.locator('[data-screen="menu"]')).toBeVisible();
    await expect(page.getByTestId('new-game')).toHaveText(newGame);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    expect(fetched.filter((p) => new RegExp(`/assets/${lang}-[^/]*\\.js$`).test(p))).toHaveLength(1);
    expect(fetched.filter((p) => new RegExp(`/assets/${other}-[^/]*\\.js$`).test(p))).toEqual([]);
  });
}

test('a seat nobody has named is named in the page\'s language, and again when it changes', async ({ page }) => {
  const seatName = (i: number) => page.locator(`.seat-form[data-seat="${i}"] input`).first();
  await page.goto('/?lang=ko');
  await page.getByTestId('new-game').click();
  await expect(page.locator('[data-screen="new-game"]')).toBeVisible();
  await expect(seatName(0)).toHaveValue('참가자 1');
  await expect(seatName(1)).toHaveValue('컴퓨터 2');
  await page.getByRole('button', { name: '뒤로' }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('new-game')).toHaveText('New game');
  await page.getByTestId('new-game').click();
  await expect(seatName(0)).toHaveValue('Player 1');
  await expect(seatName(1)).toHaveValue('Bot 2');
});
