// The room this page is in (a seat held, not a watched room), kept in localStorage so that
// the page opened again (reloaded, or its tab closed and opened) takes its seats back from
// the core's kept ticket, as Android does when the system ended its process. Leaving the
// room, or a rejoin that fails, forgets it. The rejoin itself is the core's (`Rejoin`).
import type { AppView } from './pkg/yut_web';

const KEY = 'yunnori-open-room';

/// Views before the start's rejoin took effect say "no room" and must not forget it.
let tracking = false;
/// The code a rejoin was sent for, until a view shows it under way or refused at once.
let rejoining: string | undefined;

/// The room to rejoin as the page opens: the kept one, unless the page was opened on
/// another room's link (`linked`, which the join form then takes). Call once, when the
/// core's first view is in; the caller sends the rejoin.
export function roomToRejoin(linked: string | undefined): string | undefined {
  let kept: string | null = null;
  try {
    kept = localStorage.getItem(KEY);
  } catch {
    // Storage refused (a private window's policy): nothing to rejoin.
  }
  tracking = true;
  if (!kept || (linked !== undefined && linked.toUpperCase() !== kept)) return undefined;
  rejoining = kept;
  return kept;
}

/// Follows the core's view: the room entered is kept, no room (and nothing under way)
/// forgets it.
export function trackOpenRoom(view: AppView): void {
  if (!tracking) return;
  const o = view.online;
  if (rejoining !== undefined) {
    if (!o.busy && !o.room && !view.message) return;
    rejoining = undefined;
  }
  const code = o.watching ? undefined : o.room?.code;
  try {
    if (code) localStorage.setItem(KEY, code);
    else if (!o.busy) localStorage.removeItem(KEY);
  } catch {
    // Storage refused: the page simply does not come back to the room by itself.
  }
}
