// The page's side of the app core: the worker that runs it, the latest view, and what
// the person does sent as `AppEvent`s.
import type { AppEvent, AppView, BoardLayout, MatDrawn, ShellEffect, ThrowFrames, ThrowInfo } from './pkg/yut_web';
import type { BenchResult, FromWorker, ToWorker } from './protocol';
import { trackOpenRoom } from './openRoom';
import wasmUrl from './pkg/yut_web_bg.wasm?url';
import physicsUrl from './pkg/physics/yut_physics_web_bg.wasm?url';

/// The core's WebAssembly, fetched (index.html preloads it) and compiled as it arrives,
/// from the page's first script: its download does not wait for the worker's script to
/// arrive and start. Undefined when it cannot be compiled here (the worker then fetches it).
function compileCore(): Promise<WebAssembly.Module | undefined> {
  return WebAssembly.compileStreaming(fetch(wasmUrl)).catch(() => undefined);
}

/// The throw's simulation (web/physics-wasm), fetched and compiled here on the page's thread
/// rather than in the worker: Chromium's throttling in the figures does not reach a
/// dedicated worker, and the download is the part that counts on a slow network.
function compilePhysics(): Promise<WebAssembly.Module> {
  return WebAssembly.compileStreaming(fetch(physicsUrl)).catch(() =>
    fetch(physicsUrl)
      .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`${r.status}`))))
      .then((bytes) => WebAssembly.compile(bytes)),
  );
}

type Listener = () => void;

export interface CoreState {
  view?: AppView;
  board?: BoardLayout;
  throws?: ThrowInfo[];
  /// The sticks of the latest throw drawn frame by frame (the core's, sent with its view).
  frames?: ThrowFrames;
  failed?: string;
  /// A throw waits for the throw's simulation, still downloading (a first visit on a slow
  /// network): the mat says the sticks are on their way.
  sticksComing?: boolean;
  /// A refused import or export, or a finished export, for the page to tell.
  notice?: { what: 'import' | 'export' | 'imported'; detail: string };
}

class CoreClient {
  state: CoreState = {};
  private worker: Worker;
  private listeners = new Set<Listener>();
  private effectListeners = new Set<(e: ShellEffect[]) => void>();
  private benchWaiter: ((r: BenchResult) => void) | undefined;
  private layoutWaiter: ((l: MatDrawn) => void) | undefined;
  private physicsAsked = false;
  /// The latest view (and throw frames) from the worker not yet parsed: read once a frame,
  /// however many views came in it (a throw's release brings two in one frame, and each
  /// parsed and rendered on its own made a frame longer than 50 ms on a slowed phone).
  private pending: { json?: string; frames?: string } = {};
  private flushing: { raf: number; timer: ReturnType<typeof setTimeout> } | undefined;

  constructor() {
    const compiled = compileCore();
    this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<FromWorker>) => this.receive(e.data);
    void compiled.then((module) => this.post({ type: 'wasm', module }));
  }

  private receive(m: FromWorker): void {
    switch (m.type) {
      case 'ready':
        this.state = { ...this.state, board: m.board, throws: m.throws };
        break;
      case 'view':
        // The menu is about to show: the simulation's download starts once it has.
        if (!this.state.view) requestAnimationFrame(() => setTimeout(() => this.fetchPhysics(), 0));
        this.pending = { json: m.json, frames: m.frames ?? this.pending.frames };
        // Another screen is drawn at once: a person waits for it, and nothing else is
        // drawn in the same frame.
        if (m.screen !== this.state.view?.screen) {
          this.flushNow();
          return;
        }
        break;
      case 'effects':
        for (const l of this.effectListeners) l(m.effects);
        return;
      case 'exported':
        download(`yunnori-${m.id}.json`, m.bytes);
        return;
      case 'imported':
        this.state = { ...this.state, notice: { what: 'imported', detail: m.id } };
        break;
      case 'refused':
        this.state = { ...this.state, notice: { what: m.what, detail: m.detail } };
        break;
      case 'bench':
        this.benchWaiter?.(m.result);
        return;
      case 'layout':
        this.layoutWaiter?.(m.drawn);
        return;
      case 'fetchPhysics':
        // The core holds a throw until the simulation is there (it asks after every call
        // while it holds one).
        this.fetchPhysics();
        if (this.state.sticksComing) return;
        this.state = { ...this.state, sticksComing: true };
        break;
      case 'physicsReady':
        // For the figures: when a throw would fly at once.
        (window as unknown as { yunnoriPhysicsAt?: number }).yunnoriPhysicsAt = performance.now();
        this.state = { ...this.state, sticksComing: false };
        break;
      case 'failed':
        this.state = { ...this.state, failed: m.detail };
        break;
    }
    this.changed();
  }

  /// Tells the listeners at the next frame, once for all that changed before it (or after
  /// a tenth of a second where no frame comes: a hidden tab).
  private changed(): void {
    if (this.flushing) return;
    const flush = (): void => {
      if (this.flushing) this.flushNow();
    };
    this.flushing = { raf: requestAnimationFrame(flush), timer: setTimeout(flush, 100) };
  }

  private flushNow(): void {
    if (this.flushing) {
      cancelAnimationFrame(this.flushing.raf);
      clearTimeout(this.flushing.timer);
      this.flushing = undefined;
    }
    const { json, frames } = this.pending;
    this.pending = {};
    if (json !== undefined) {
      const view = JSON.parse(json) as AppView;
      this.state = { ...this.state, view };
      if (frames) {
        this.state.frames = JSON.parse(frames) as ThrowFrames;
        (window as unknown as { yunnoriFrames?: ThrowFrames }).yunnoriFrames = this.state.frames;
      }
      (window as unknown as { yunnoriView?: AppView }).yunnoriView = view;
      trackOpenRoom(view);
    }
    for (const l of this.listeners) l();
  }

  /// Fetches the simulation for the worker, once; again a little later when it fails
  /// (offline: the throw waits).
  private fetchPhysics(): void {
    if (this.physicsAsked) return;
    this.physicsAsked = true;
    compilePhysics()
      .then((module) => this.post({ type: 'physics', module }))
      .catch(() => {
        this.physicsAsked = false;
        setTimeout(() => this.fetchPhysics(), 3000);
      });
  }

  private post(m: ToWorker, transfer: Transferable[] = []): void {
    this.worker.postMessage(m, transfer);
  }

  send(event: AppEvent): void {
    this.post({ type: 'event', event });
  }
  exportSave(id: string): void {
    this.post({ type: 'export', id });
  }
  importSave(name: string, bytes: Uint8Array): void {
    this.post({ type: 'import', name, bytes }, [bytes.buffer]);
  }
  clearNotice(): void {
    this.state = { ...this.state, notice: undefined };
    this.changed();
  }
  bench(swipes: number): Promise<BenchResult> {
    return new Promise((ok) => {
      this.benchWaiter = ok;
      this.post({ type: 'bench', swipes });
    });
  }
  layout(width: number, height: number): Promise<MatDrawn> {
    return new Promise((ok) => {
      this.layoutWaiter = ok;
      this.post({ type: 'layout', width, height });
    });
  }
  subscribe(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  onEffects(l: (e: ShellEffect[]) => void): () => void {
    this.effectListeners.add(l);
    return () => this.effectListeners.delete(l);
  }
}

function download(name: string, bytes: Uint8Array): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const core = new CoreClient();
export const send = (e: AppEvent): void => core.send(e);
