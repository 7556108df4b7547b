// The app core's executor, in a Web Worker: the core (WebAssembly) with its timers
// (setTimeout), its searches (run here, after the view of the update that asked is out),
// its store (a map the core reads, written through to IndexedDB) and the room's socket.
// The page only draws and captures input, so a search or a throw's simulation never holds
// up a frame.
import init, { Core, board_layout, throw_kinds, flight_digest, mat_layout, plan_flight } from './pkg/yut_web';
import type { AppView, ShellEffect, WebEffect, StoreWrite } from './pkg/yut_web';
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

// The bots' networks, kept out of the WebAssembly: hashed files of the build (cached by
// the service worker for offline games), by file name. The core names the ones a search
// waits for (`FetchNets`); this only fetches their bytes and hands them over.
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
  fetch(url)
    .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`${r.status}`))))
    .then((bytes) => perform(() => core!.provide_net(Date.now(), name, new Uint8Array(bytes))))
    .catch(() => {
      // Offline or a failed download: the search waits; try again a little later.
      netsAsked.delete(name);
      setTimeout(() => fetchNet(name), 3000);
    });
}

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
    const page = forPage(json);
    post(frames ? { type: 'view', json: page, frames } : { type: 'view', json: page });
  }
  if (shell.length > 0) post({ type: 'effects', effects: shell });
}

/// The view as the page gets it: without the flight's pose tracks (about 60 KB of the
/// view's JSON from the first throw on, the page draws the core's frames instead), which
/// the page parsed again with every view, a swipe's every sample among them.
function forPage(json: string): string {
  const view = JSON.parse(json) as AppView;
  const flight = view.table?.throw?.flight;
  if (!flight) return json;
  for (const s of flight.sticks) s.frames = [];
  return JSON.stringify(view);
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
    case 'bench': {
      const planMs: number[] = [];
      for (let i = 0; i < m.swipes; i++) {
        const swipe = {
          mat: { width: 360, height: 420 },
          release_x: 60 + ((i * 37) % 240),
          release_y: 380 - ((i * 53) % 200),
          velocity_x: ((i * 211) % 1600) - 800,
          velocity_y: -600 - ((i * 397) % 2400),
          spin: ((i * 7) % 12) - 6,
        };
        const flat = new Uint8Array([i & 1, (i >> 1) & 1, (i >> 2) & 1, (i >> 3) & 1]);
        const t0 = performance.now();
        plan_flight(JSON.stringify(swipe), flat, i % 9 === 4, i);
        planMs.push(performance.now() - t0);
      }
      post({ type: 'bench', result: { digest: flight_digest(), planMs } });
      break;
    }
  }
}

// The page compiles the WebAssembly while this script loads, and sends it first.
let wasmGiven: (m: WebAssembly.Module | undefined) => void = () => undefined;
const wasm = new Promise<WebAssembly.Module | undefined>((ok) => (wasmGiven = ok));

self.onmessage = (e: MessageEvent<ToWorker>) => {
  if (e.data.type === 'wasm') wasmGiven(e.data.module);
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
  for (const m of queue.splice(0)) handle(m);
}

start().catch((e: unknown) => post({ type: 'failed', detail: String(e) }));
