import { render } from 'preact';
import { App } from './ui/App';
import { installTheme } from './theme';
import { initialLang, setLang } from './i18n';
import { core } from './core';
import './style.css';

installTheme();
setLang(initialLang());
// For the tests and the README's figures: the flights' digest and planning times here.
(window as unknown as { yunnoriBench: (n: number) => unknown }).yunnoriBench = (n: number) => core.bench(n);

const root = document.getElementById('app');
if (root) render(<App />, root);

// The service worker keeps the whole app, the bots' networks included: registered once the
// core is up (the menu shows), so its downloads do not share the first visit's bandwidth
// with the WebAssembly the menu waits for.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  const stop = core.subscribe(() => {
    if (!core.state.board && !core.state.failed) return;
    stop();
    void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
