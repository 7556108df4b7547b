// The app core's executor, in a Web Worker: the core (WebAssembly) with its timers
// (setTimeout), its searches (run here, after the view of the update that asked is out),
// its store (a map the core reads, written through to IndexedDB) and the room's socket.
// The page only draws and captures input, so a search or a throw's simulation never holds
// up a frame.
import init, { Core, board_layout, throw_kinds, mat_layout } from './pkg/yut_web';
import initPhysics, { flight_digest, plan } from './pkg/physics/yut_physics_web';
import type { AppScreen, AppView, ShellEffect, WebEffect, StoreWrite } from './pkg/yut_web';
import type { FromWorker, ToWorker } from './protocol';
import { openStore, type Store } from './store';

const post = (m: FromWorker, transfer: Transferable[] = []): void =>
  (self as unknown as Worker).postMessage(m, transfer);

let core: Core | undefined;
let store: Store | undefined;
let tickTimer: ReturnType<typeof setTimeout> | undefined;
let socket: WebSocket | undefined;
let lastView = '';
const queue: ToWorker[] = [];

// The bots' networks, kept out of the WebAssembly: hashed files of the build, by file name.
// The core names the ones a search waits for (`FetchNets`); this fetches their bytes and
// hands them over. What it downloads it keeps in the service worker's cache of networks
// (named in vite.config.ts), and reads from there first: so a table's bot plays with
// no network once a game at that table has fetched its network, even when this worker
// started before the service worker did (a first visit) and its fetches passed it by.
const netUrls = new Map(
  Object.entries(import.meta.glob('../../core/src/bot/net_*.bin', { query: '?url', import: 'default', eager: true }) as Record<string, string>).map(
    ([path, url]) => [path.slice(path.lastIndexOf('/') + 1), url],
  ),
);
const netsAsked = new Set<string>();

function fetchNet(name: string): void {
  if (netsAsked.has(name)) return;
  const url = netUrls.get(name);
  if (!url) {
    post({ type: 'failed', detail: `no file for the network ${name}` });
    return;
  }
  netsAsked.add(name);
  netBytes(url)
    .then((bytes) => perform(() => core!.provide_net(Date.now(), name, new Uint8Array(bytes))))
    .catch(() => {
      // Offline or a failed download: the search waits; try again a little later.
      netsAsked.delete(name);
      setTimeout(() => fetchNet(name), 3000);
    });
}

declare const __NETS_CACHE__: string;
const cacheApi = typeof caches === 'undefined' ? undefined : caches;

async function netBytes(url: string): Promise<ArrayBuffer> {
  const kept = await cacheApi?.match(url, { ignoreVary: true }).catch(() => undefined);
  if (kept) return kept.arrayBuffer();
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${res.status}`);
  const copy = res.clone();
  void cacheApi
    ?.open(__NETS_CACHE__)
    .then((c) => c.put(url, copy))
    .catch(() => undefined);
  return res.arrayBuffer();
}

// The throw's simulation, a WebAssembly module of its own (web/physics-wasm): the page
// fetches and compiles it once the menu shows (on the page's thread, so the figures'
// throttling reaches the download) and sends it here. The core holds whatever may throw
// until it has it (`FetchPhysics`: asking the page again, in case its download failed).
let physicsGiven: (m: WebAssembly.Module) => void = () => undefined;
const physicsModule = new Promise<WebAssembly.Module>((ok) => (physicsGiven = ok));
let coreStarted: () => void = () => undefined;
const coreReady = new Promise<void>((ok) => (coreStarted = ok));
/// Resolves once the core plans with the simulation.
const physics = Promise.all([physicsModule, coreReady]).then(async ([module]) => {
  await initPhysics({ module_or_path: module });
  perform(() => core!.provide_physics(Date.now(), plan));
  post({ type: 'physicsReady' });
  // One flight planned and dropped, after any throw that was waiting for the module: the
  // first calls of the simulation's functions compile them, and a page's first throw left
  // the hand about 90 ms later than the next ones (docs/FIGURES.md).
  setTimeout(() => plan(fixedSwipe(0), 0, false, 0n), 0);
});
physics.catch((e: unknown) => post({ type: 'failed', detail: `the throw's simulation: ${String(e)}` }));

/// Runs one call of the core and performs what it asks.
function perform(call: () => string): void {
  if (!core) return;
  let effects: WebEffect[];
  try {
    effects = JSON.parse(call()) as WebEffect[];
  } catch (e) {
    post({ type: 'failed', detail: String(e) });
    return;
  }
  const shell: ShellEffect[] = [];
  for (const e of effects) {
    if (e === 'SocketClose') closeSocket();
    else if (e === 'FetchPhysics') post({ type: 'fetchPhysics' });
    else if ('Shell' in e) shell.push(e.Shell);
    else if ('Tick' in e) schedule(e.Tick.at_ms);
    else if ('Work' in e) {
      const id = e.Work.id;
      setTimeout(() => perform(() => core!.run_work(Date.now(), id)), 0);
    } else if ('SocketOpen' in e) openSocket(e.SocketOpen.url);
    else if ('SocketSend' in e) socket?.send(e.SocketSend.text);
    else if ('FetchNets' in e) e.FetchNets.files.forEach(fetchNet);
    // CancelWork: the glue dropped the job; nothing runs in parallel here.
  }
  persist();
  const json = core.view();
  if (json !== lastView) {
    lastView = json;
    const frames = core.throw_frames();
    const { json: page, screen } = forPage(json);
    post(frames ? { type: 'view', json: page, screen, frames } : { type: 'view', json: page, screen });
  }
  if (shell.length > 0) post({ type: 'effects', effects: shell });
}

/// The view as the page gets it: without the flight's pose tracks (about 60 KB of the
/// view's JSON from the first throw on, the page draws the core's frames instead), which
/// the page parsed again with every view, a swipe's every sample among them; and its
/// screen, which the page draws at once when it changes.
function forPage(json: string): { json: string; screen: AppScreen } {
  const view = JSON.parse(json) as AppView;
  const flight = view.table?.throw?.flight;
  flight?.sticks.forEach((s) => (s.frames = []));
  return { json: flight ? JSON.stringify(view) : json, screen: view.screen };
}

function schedule(atMs: number): void {
  if (tickTimer !== undefined) clearTimeout(tickTimer);
  tickTimer = setTimeout(() => {
    tickTimer = undefined;
    perform(() => core!.tick(Date.now()));
  }, Math.max(0, atMs - Date.now()));
}

function persist(): void {
  if (!core || !store) return;
  const writes = JSON.parse(core.take_writes()) as StoreWrite[];
  if (writes.length > 0) store.write(writes);
}

function openSocket(url: string): void {
  closeSocket();
  const ws = new WebSocket(url);
  socket = ws;
  const tell = (event: object): void => {
    if (socket === ws) perform(() => core!.socket(Date.now(), JSON.stringify(event)));
  };
  ws.onopen = () => tell('Opened' as unknown as object);
  ws.onmessage = (m) => tell({ Text: { text: String(m.data) } });
  ws.onclose = (c) => tell({ Closed: { reason: `closed ${c.code} ${c.reason}` } });
}

function closeSocket(): void {
  const ws = socket;
  socket = undefined;
  ws?.close();
}

function handle(m: ToWorker): void {
  if (!core) return;
  switch (m.type) {
    case 'event':
      perform(() => core!.send(Date.now(), JSON.stringify(m.event)));
      break;
    case 'export':
      try {
        const bytes = core.export_save(m.id);
        post({ type: 'exported', id: m.id, bytes }, [bytes.buffer]);
      } catch (e) {
        post({ type: 'refused', what: 'export', detail: String(e) });
      }
      break;
    case 'import':
      try {
        const id = core.import_save(m.bytes);
        perform(() => core!.send(Date.now(), JSON.stringify({ Saved: { action: 'Refresh' } })));
        post({ type: 'imported', id });
      } catch (e) {
        post({ type: 'refused', what: 'import', detail: String(e) });
      }
      break;
    case 'layout':
      post({ type: 'layout', drawn: JSON.parse(mat_layout(m.width, m.height)) });
      break;
    case 'bench':
      void physics.then(() => bench(m.swipes));
      break;
  }
}

/// The `i`th of a spread of swipes: the mat, the release point, its velocity and the spin
/// (yut_physics::wire's order).
function fixedSwipe(i: number): Float32Array {
  return new Float32Array([
    360,
    420,
    60 + ((i * 37) % 240),
    380 - ((i * 53) % 200),
    ((i * 211) % 1600) - 800,
    -600 - ((i * 397) % 2400),
    ((i * 7) % 12) - 6,
  ]);
}

/// Times the simulation on fixed swipes, as a throw calls it (for the figures), with the
/// digest of the pinned flights (for the suite's "same flights").
function bench(swipes: number): void {
  const planMs: number[] = [];
  for (let i = 0; i < swipes; i++) {
    const t0 = performance.now();
    plan(fixedSwipe(i), i & 15, i % 9 === 4, BigInt(i));
    planMs.push(performance.now() - t0);
  }
  post({ type: 'bench', result: { digest: flight_digest(), planMs } });
}

// The page compiles the WebAssembly while this script loads, and sends it first.
let wasmGiven: (m: WebAssembly.Module | undefined) => void = () => undefined;
const wasm = new Promise<WebAssembly.Module | undefined>((ok) => (wasmGiven = ok));

self.onmessage = (e: MessageEvent<ToWorker>) => {
  if (e.data.type === 'wasm') wasmGiven(e.data.module);
  else if (e.data.type === 'physics') physicsGiven(e.data.module);
  else if (core) handle(e.data);
  else queue.push(e.data);
};

async function start(): Promise<void> {
  const opening = openStore();
  const module = await wasm;
  await init(module ? { module_or_path: module } : undefined);
  store = await opening;
  const loaded = await store.readAll();
  // Rooms on the page's own server (same origin: wss:// beside https://).
  const server = `${self.location.protocol === 'https:' ? 'wss' : 'ws'}://${self.location.host}`;
  core = new Core(
    loaded.map(([k]) => k),
    loaded.map(([, v]) => v),
    server,
  );
  post({
    type: 'ready',
    board: JSON.parse(board_layout()),
    throws: JSON.parse(throw_kinds()),
  });
  perform(() => '[]');
  coreStarted();
  for (const m of queue.splice(0)) handle(m);
}

start().catch((e: unknown) => post({ type: 'failed', detail: String(e) }));
