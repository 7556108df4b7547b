// The messages between the page (drawing, input) and the worker that runs the app core.
import type { AppEvent, AppScreen, AppView, BoardLayout, MatDrawn, ShellEffect, ThrowInfo } from './pkg/yut_web';

export type ToWorker =
  /// The core's WebAssembly, compiled by the page (undefined: the worker fetches it itself).
  | { type: 'wasm'; module: WebAssembly.Module | undefined }
  /// The throw's simulation (web/physics-wasm), compiled by the page once the menu shows.
  | { type: 'physics'; module: WebAssembly.Module }
  | { type: 'event'; event: AppEvent }
  | { type: 'export'; id: string }
  | { type: 'import'; name: string; bytes: Uint8Array }
  | { type: 'bench'; swipes: number }
  | { type: 'layout'; width: number; height: number };

export interface BenchResult {
  digest: string;
  planMs: number[];
}

export type FromWorker =
  | { type: 'ready'; board: BoardLayout; throws: ThrowInfo[] }
  /// `frames`: the JSON `ThrowFrames` of a throw new in this view.
  | { type: 'view'; json: string; screen: AppScreen; frames?: string }
  | { type: 'effects'; effects: ShellEffect[] }
  | { type: 'exported'; id: string; bytes: Uint8Array }
  | { type: 'imported'; id: string }
  | { type: 'refused'; what: 'import' | 'export'; detail: string }
  | { type: 'bench'; result: BenchResult }
  | { type: 'layout'; drawn: MatDrawn }
  /// The core waits for the simulation (the page fetches it unless it is on its way).
  | { type: 'fetchPhysics' }
  /// The core plans flights with the simulation from now on.
  | { type: 'physicsReady' }
  | { type: 'failed'; detail: string };

export type { AppView };
