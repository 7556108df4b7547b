// The shell's words: English and Korean string resources (strings/*.json), chosen from
// the browser's language unless the person picked one (kept in localStorage). Each is a
// chunk of its own, fetched beside the core's WebAssembly when it is the language: a
// first visit downloads one language's strings, not both. Korean has every English key
// (tests/strings.spec.ts) but the singular plurals, which it does not use.

export type Lang = 'en' | 'ko';
const tables: Partial<Record<Lang, Record<string, string>>> = {};

/// Brings the strings of `l` (at once when they are here already).
export async function loadLang(l: Lang): Promise<void> {
  if (tables[l]) return;
  tables[l] = l === 'ko' ? (await import('./strings/ko.json')).default : (await import('./strings/en.json')).default;
}

const LANG_KEY = 'yunnori.lang';

export function initialLang(): Lang {
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked === 'en' || asked === 'ko') return asked;
  const kept = localStorage.getItem(LANG_KEY);
  if (kept === 'en' || kept === 'ko') return kept;
  return navigator.language.toLowerCase().startsWith('ko') ? 'ko' : 'en';
}

export function keepLang(lang: Lang): void {
  localStorage.setItem(LANG_KEY, lang);
}

let lang: Lang = 'en';
export function setLang(l: Lang): void {
  lang = l;
  document.documentElement.lang = l;
}
export function currentLang(): Lang {
  return lang;
}

/// The string `key` with `{1}`, `{2}`… filled; the English one when Korean lacks it and
/// English is here (switched during the visit), else the key.
export function t(key: string, ...args: Array<string | number>): string {
  const s = tables[lang]?.[key] ?? tables.en?.[key] ?? key;
  return s.replace(/\{(\d)\}/g, (_, n: string) => String(args[Number(n) - 1] ?? ''));
}

/// A plural string (`key#one`, `key#other`).
export function tn(key: string, n: number, ...args: Array<string | number>): string {
  const form = n === 1 && tables[lang]?.[`${key}#one`] !== undefined ? 'one' : 'other';
  return t(`${key}#${form}`, n, ...args);
}

export function has(key: string): boolean {
  return tables[lang]?.[key] !== undefined || tables.en?.[key] !== undefined;
}
