// The web app's load and flight figures, measured in Debian's Chromium against a running
// yut-server (scripts/web-figures.sh starts one): a phone on a 4× slowed CPU and Chrome's
// "Fast 3G" (CDP), first visit with nothing cached. Prints `figure:` lines; asserts
// nothing (speed is read, not tested).
//
//   node scripts/figures.mjs http://127.0.0.1:PORT [RUNS]
//
// The page is opened in English (`?lang=en`), or in Korean with FIGURES_LANG=ko (its
// strings are a chunk of their own, fetched beside the core).
//
// The page's CDP session attaches to every worker the page starts (paused until throttled)
// and asks to slow its network and CPU the same way, and the bytes counted are every
// response of the page, its worker and its service worker. Chromium refuses both calls for
// a dedicated worker (the notes printed say so): the worker's own work runs at full speed
// here, so everything a first visit downloads is fetched by the page (the core's
// WebAssembly, and the throw's simulation, compiled there and handed to the worker) and
// is throttled; only the bots' networks, fetched by the worker once a bot needs one, are not.
import { chromium } from '@playwright/test';

const url = process.argv[2];
const runs = Number(process.argv[3] ?? 3);
if (!url) {
  console.error('usage: node scripts/figures.mjs URL [RUNS]');
  process.exit(2);
}
const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';

// Chrome DevTools' "Fast 3G" preset, as DevTools applies it (latency ×3.75, throughput ×0.9).
const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1024 * 1024) / 8) * 0.9,
  uploadThroughput: ((750 * 1024) / 8) * 0.9,
};
const CPU = 4;
const LANG = process.env.FIGURES_LANG === 'ko' ? 'ko' : 'en';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;

/// Slows the page, and every worker it starts, and counts what they download.
async function throttle(page, { network }) {
  const cdp = await page.context().newCDPSession(page);
  const bytes = new Map();
  const count = (params) => bytes.set(params.requestId, params.encodedDataLength);
  const notes = [];
  cdp.on('Network.loadingFinished', (p) => count(p));
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  if (network) await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  // Workers: attached paused (waitForDebuggerOnStart), throttled, then let go. Non-flat
  // sessions, because Playwright's CDP session only speaks to its own target.
  let nextId = 1;
  const sent = new Map();
  const kinds = new Map();
  const toWorker = (sessionId, method, params = {}) => {
    sent.set(nextId, method);
    return cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: nextId++, method, params }) });
  };
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const m = JSON.parse(message);
    if (m.method === 'Network.loadingFinished') bytes.set(`${sessionId}:${m.params.requestId}`, m.params.encodedDataLength);
    if (m.error) notes.push(`${kinds.get(sessionId) ?? 'a target'} ${sent.get(m.id) ?? 'a call'}: ${m.error.message}`);
  });
  cdp.on('Target.attachedToTarget', async ({ sessionId, targetInfo }) => {
    kinds.set(sessionId, targetInfo.type);
    try {
      await toWorker(sessionId, 'Network.enable');
      if (network) await toWorker(sessionId, 'Network.emulateNetworkConditions', FAST_3G);
      await toWorker(sessionId, 'Emulation.setCPUThrottlingRate', { rate: CPU });
    } finally {
      await toWorker(sessionId, 'Runtime.runIfWaitingForDebugger');
    }
    notes.push(`attached ${targetInfo.type}`);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return {
    cdp,
    notes,
    bytes: () => [...bytes.values()].reduce((a, b) => a + b, 0),
    fast: async () => {
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    },
  };
}

/// A person who taps New game, then Start, the moment each shows, timed on the page's own
/// clock (from the navigation's start): the taps are made by the page (an init script
/// watching the screens), because Playwright's own, through its CDP round trips and
/// actionability checks on a 4× slowed page, came about half a second after the menu had
/// shown, which is the harness's time and not the app's.
function tapAtOnce() {
  const at = (window.yunnoriAt = {});
  const mark = (name) => (at[name] ??= performance.now());
  const look = () => {
    if (document.querySelector('[data-screen="menu"]') && at.menu === undefined) {
      mark('menu');
      document.querySelector('[data-screen="menu"] [data-testid="new-game"]')?.click();
    }
    const start = document.querySelector('[data-screen="new-game"] [data-testid="start"]');
    if (start && at.start === undefined) {
      mark('start');
      start.click();
    }
    if (document.querySelector('[data-screen="table"] [data-testid="mat"]')) mark('board');
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true });
}

async function firstVisit(browser) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2.625 });
  await context.addInitScript(tapAtOnce);
  const page = await context.newPage();
  page.on('crash', () => console.error('  the page crashed'));
  page.on('close', () => console.error('  the page closed'));
  const t = await throttle(page, { network: true });
  await page.goto(`${url}/?lang=${LANG}`, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.yunnoriAt?.menu !== undefined, undefined, { timeout: 120_000, polling: 50 });
  const menuBytes = t.bytes();
  await page.waitForFunction(() => window.yunnoriAt?.board !== undefined, undefined, { timeout: 60_000, polling: 50 });
  const at = await page.evaluate(() => window.yunnoriAt);
  // The first paint (the loading screen of index.html), from the page's own clock.
  const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1);
  console.error(`  menu ${Math.round(at.menu)} ms, Start tapped ${Math.round(at.start)} ms, board ${Math.round(at.board)} ms (${t.notes.join('; ')})`);
  // When a throw flies at once: the simulation module has reached the core (page clock,
  // from the navigation's start). A throw made earlier waits for it.
  const simulation = await page
    .waitForFunction(() => window.yunnoriPhysicsAt, undefined, { timeout: 120_000 })
    .then((h) => h.jsonValue())
    .then(Math.round);
  // Then everything the first visit fetches: the service worker caches the whole app.
  let last = -1;
  for (let i = 0; i < 120 && t.bytes() !== last; i++) {
    last = t.bytes();
    await page.waitForTimeout(1000);
  }
  await context.close();
  return { paint: Math.round(paint), menu: Math.round(at.menu), board: Math.round(at.board), simulation, menuBytes, total: t.bytes(), notes: t.notes };
}

/// Five flights on one page: the page's long tasks and the frames it missed while the
/// sticks flew (a frame is missed when requestAnimationFrame comes a whole frame late).
async function flights(browser, cpu) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2.625 });
  const page = await context.newPage();
  await page.goto(`${url}/?lang=en`);
  await page.locator('[data-screen="menu"]').waitFor();
  await page.getByRole('button', { name: 'New game' }).click();
  for (const i of [0, 1]) await page.getByTestId(`player-${i}`).selectOption('player_human');
  await page.getByTestId('start').click();
  await page.locator('[data-testid="mat"]').waitFor();
  if (cpu) await throttle(page, { network: false });
  const out = [];
  for (let n = 0; n < 5; n++) {
    await page.waitForFunction(() => window.yunnoriView?.table?.can_throw || window.yunnoriView?.table?.can_move, undefined, { timeout: 30_000 });
    const canThrow = await page.evaluate(() => window.yunnoriView?.table?.can_throw);
    if (!canThrow) {
      // A move is due: one step of it as a person takes it (the suite's playStep): a
      // question's first answer, the picked piece's first destination, else the first
      // movable piece. A control that is not on the screen is not waited for (a tap on
      // "new piece" with no piece at home waited 30 s for it).
      const step = await page.evaluate(() => {
        const t = window.yunnoriView?.table;
        const spot = (s, dest) => (s === 'Home' ? (dest ? '[data-testid="back-home"]' : '[data-testid="new-piece"]') : s === 'Done' ? '[data-testid="bring-home"]' : `[data-station="${s.Station.id}"]`);
        if (!t) return undefined;
        if (t.choice) return '.dialog .card button.primary';
        if (t.selection?.destinations?.length) return spot(t.selection.destinations[0].to, true);
        if (t.movable?.length) return spot(t.movable[0], false);
        return undefined;
      });
      if (step) await page.locator(step).first().click();
      await page.waitForTimeout(300);
      n--;
      continue;
    }
    // Each flight's observer and frame loop hold their own record and end with it (one
    // left running would count the next flights' tasks again). A task counts when it
    // started between the swipe and the landing shown.
    // The throw shown before (landed) stays on the table until the swipe's own comes.
    const before = await page.evaluate(() => {
      const fig = { long: [], frames: [], from: performance.now(), landed: Infinity, stop: false, before: window.yunnoriView?.table?.throw?.seq ?? 0 };
      window.yunnoriFig = fig;
      // From the finger leaving the mat to the first frame that draws the swipe's own throw.
      fig.up = (e) => (fig.released ??= e.timeStamp);
      window.addEventListener('pointerup', fig.up, true);
      fig.observer = new PerformanceObserver((l) => {
        for (const e of l.getEntries()) if (e.startTime >= fig.from && e.startTime <= fig.landed) fig.long.push(e.duration);
      });
      fig.observer.observe({ type: 'longtask' });
      const tick = (ts) => {
        const t = window.yunnoriView?.table?.throw;
        if (t && t.outcome === null) fig.frames.push(ts);
        if (t && t.seq !== fig.before && fig.released !== undefined) fig.shown ??= ts - fig.released;
        if (!fig.stop) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      return fig.before;
    });
    const mat = await page.getByTestId('mat').boundingBox();
    const cdp = await context.newCDPSession(page);
    const x0 = mat.x + mat.width * 0.5;
    const y0 = mat.y + mat.height * 0.85;
    const point = (x, y) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(x0, y0) });
    for (let i = 1; i <= 6; i++) {
      await page.waitForTimeout(12);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x0 + i * 3, y0 - i * mat.height * 0.1) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    const landed = (seq) => {
      const t = window.yunnoriView?.table?.throw;
      return t && t.seq !== seq && t.outcome != null;
    };
    await page.waitForFunction(landed, before, { timeout: 30_000 });
    // The landing's own task is reported after it ends: wait a little for its entry.
    await page.evaluate(() => (window.yunnoriFig.landed = performance.now()));
    await page.waitForTimeout(300);
    const r = await page.evaluate(() => {
      const fig = window.yunnoriFig;
      fig.stop = true;
      fig.observer.disconnect();
      window.removeEventListener('pointerup', fig.up, true);
      return { long: fig.long, frames: fig.frames, shown: fig.shown };
    });
    const frame = 1000 / 60;
    let missed = 0;
    for (let i = 1; i < r.frames.length; i++) missed += Math.max(0, Math.round((r.frames[i] - r.frames[i - 1]) / frame) - 1);
    out.push({ long: r.long, frames: r.frames.length, missed, shown: r.shown });
  }
  await context.close();
  return out;
}

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'] });
try {
  const visits = [];
  for (let i = 0; i < runs; i++) {
    const v = await firstVisit(browser);
    visits.push(v);
    console.log(`run ${i + 1}: first paint ${v.paint} ms, menu ${v.menu} ms, board ${v.board} ms, simulation ready ${v.simulation} ms, ${kb(v.menuBytes)} before the menu, ${kb(v.total)} in all (${[...new Set(v.notes)].join('; ')})`);
  }
  console.log(`figure: first visit (${LANG}) downloads ${kb(median(visits.map((v) => v.menuBytes)))} compressed before the menu, ${kb(median(visits.map((v) => v.total)))} with everything the service worker caches`);
  console.log(`figure: ${CPU}x CPU slowdown + Fast 3G (page and worker), first visit (${LANG}): first paint ${median(visits.map((v) => v.paint))} ms, menu ready ${median(visits.map((v) => v.menu))} ms, board playable ${median(visits.map((v) => v.board))} ms, the throw's simulation ready ${median(visits.map((v) => v.simulation))} ms (median of ${runs}, the page's clock from the navigation's start; New game, Start tapped by the page the moment each shows; a throw before the simulation is ready waits for it)`);

  const page = await browser.newPage();
  await page.goto(`${url}/?lang=en`);
  await page.locator('[data-screen="menu"]').waitFor();
  const bench = await page.evaluate(() => window.yunnoriBench(40));
  await page.close();
  const plan = [...bench.planMs].sort((a, b) => a - b);
  console.log(`figure: flight planning in the browser (wasm, 40 swipes): median ${median(plan).toFixed(1)} ms, p90 ${plan[Math.floor(plan.length * 0.9)].toFixed(1)} ms, max ${plan[plan.length - 1].toFixed(1)} ms`);

  for (const cpu of [false, true]) {
    const f = await flights(browser, cpu);
    const long = f.flatMap((x) => x.long);
    console.log(
      `figure: 5 flights${cpu ? `, ${CPU}x CPU slowdown` : ''}: ${long.length} long tasks on the page, longest ${Math.max(0, ...long).toFixed(0)} ms; frames missed ${f.map((x) => `${x.missed}/${x.frames + x.missed}`).join(', ')}; the swipe's throw drawn ${f[0].shown?.toFixed(0)} ms after the finger left in the page's first flight, ${median(f.slice(1).map((x) => x.shown ?? Infinity)).toFixed(0)} ms (median) in the next`,
    );
  }
} finally {
  await browser.close();
}
