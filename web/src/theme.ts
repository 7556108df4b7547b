// design/tokens.json as CSS custom properties: the screens' colours in light and dark
// (the system's choice, through prefers-color-scheme), the board's and the mat's colours,
// type sizes, spacing and radii. The same file the phones' themes are generated from.
import tokens from '../../design/tokens.json';

type Pair = { light: string; dark: string };

/// `#AARRGGBB` (the tokens' form for translucent colours) as CSS `#RRGGBBAA`.
export function css(colour: string): string {
  return colour.length === 9 ? `#${colour.slice(3)}${colour.slice(1, 3)}` : colour;
}

export const board = Object.fromEntries(
  Object.entries(tokens.board).filter(([k]) => k !== 'about').map(([k, v]) => [k, css(v as string)]),
) as Record<string, string>;

export const motion = tokens.motion;
export const seatColours: string[] = tokens.seats.order.map(
  (n) => (tokens.seats as unknown as Record<string, string>)[n] ?? '#000000',
);

export function installTheme(): void {
  const ui = Object.entries(tokens.ui).filter(([k]) => k !== 'about') as Array<[string, Pair]>;
  const vars = (mode: 'light' | 'dark') => ui.map(([k, v]) => `--${k.replace(/_/g, '-')}: ${css(v[mode])};`).join('');
  const fixed = [
    ...Object.entries(board).map(([k, v]) => `--${k.replace(/_/g, '-')}: ${v};`),
    ...Object.entries(tokens.type)
      .filter(([k]) => k !== 'about')
      .map(([k, v]) => `--type-${k.replace(/_/g, '-')}: ${String(v)}px;`),
    ...Object.entries(tokens.spacing).map(([k, v]) => `--space-${k}: ${String(v)}px;`),
    ...Object.entries(tokens.radius).map(([k, v]) => `--radius-${k}: ${String(v)}px;`),
  ].join('');
  const style = document.createElement('style');
  style.textContent =
    `:root{${fixed}${vars('light')}color-scheme:light dark}` +
    `@media (prefers-color-scheme: dark){:root{${vars('dark')}}}`;
  document.head.prepend(style);
}
