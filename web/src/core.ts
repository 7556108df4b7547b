// The page's side of the app core: the worker that runs it, the latest view, and what
// the person does sent as `AppEvent`s.
import type { AppEvent, AppView, BoardLayout, MatDrawn, ShellEffect, ThrowFrames, ThrowInfo } from './pkg/yut_web';
import type { BenchResult, FromWorker, ToWorker } from './protocol';
import { trackOpenRoom } from './openRoom';
import wasmUrl from './pkg/yut_web_bg.wasm?url';

/// The core's WebAssembly, fetched (index.html preloads it) and compiled as it arrives,
/// from the page's first script: its download does not wait for the worker's script to
/// arrive and start. Undefined when it cannot be compiled here (the worker then fetches it).
function compileCore(): Promise<WebAssembly.Module | undefined> {
  return WebAssembly.compileStreaming(fetch(wasmUrl)).catch(() => undefined);
}

type Listener = () => void;

export interface CoreState {
  view?: AppView;
  board?: BoardLayout;
  throws?: ThrowInfo[];
  /// The sticks of the latest throw drawn frame by frame (the core's, sent with its view).
  frames?: ThrowFrames;
  failed?: string;
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
      case 'view': {
        const view = JSON.parse(m.json) as AppView;
        this.state = { ...this.state, view };
        if (m.frames) {
          this.state.frames = JSON.parse(m.frames) as ThrowFrames;
          (window as unknown as { yunnoriFrames?: ThrowFrames }).yunnoriFrames = this.state.frames;
        }
        (window as unknown as { yunnoriView?: AppView }).yunnoriView = view;
        trackOpenRoom(view);
        break;
      }
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
      case 'failed':
        this.state = { ...this.state, failed: m.detail };
        break;
    }
    for (const l of this.listeners) l();
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
    for (const l of this.listeners) l();
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
