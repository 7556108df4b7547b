import { render } from 'preact';
import { App } from './ui/App';
import { installTheme } from './theme';
import { initialLang, loadLang, setLang } from './i18n';
import { core, send } from './core';
import { seatNames } from './ui/words';
import './style.css';

installTheme();
const lang = initialLang();
// For the tests and the README's figures: the flights' digest and planning times here.
(window as unknown as { yunnoriBench: (n: number) => unknown }).yunnoriBench = (n: number) => core.bench(n);

// The loading screen of index.html stays until the language's strings are here (a chunk
// of their own, fetched beside the core's download); without them, English.
const root = document.getElementById('app');
void loadLang(lang)
  .then(
    () => lang,
    () => loadLang('en').then(() => 'en' as const),
  )
  .catch(() => 'en' as const)
  .then((shown) => {
    setLang(shown);
    send(seatNames());
    if (root) render(<App />, root);
  });

// The service worker keeps the whole app: registered once the core is up (the menu shows),
// so its downloads do not share the first visit's bandwidth with the WebAssembly the menu
// waits for. Of the bots' networks it keeps the default table's at once, the others once a
// game has used them; an installed app (opened from the home screen, or just installed)
// asks it to keep them all, so every bot plays with no network.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  const stop = core.subscribe(() => {
    if (!core.state.board && !core.state.failed) return;
    stop();
    void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
  const keepNets = (): void => {
    void navigator.serviceWorker.ready.then((r) => r.active?.postMessage({ type: 'keepNets' }));
  };
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  if (standalone || matchMedia('(display-mode: standalone)').matches) keepNets();
  addEventListener('appinstalled', keepNets);
}
