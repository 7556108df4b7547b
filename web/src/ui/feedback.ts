// The shell's effects: a wooden clack for each knock (Web Audio, made here: no sound file
// to fetch), a buzz where the device has one, what the screen reader says, the share sheet.
import type { ShellEffect, SpeechPart, ThrowShown } from '../pkg/yut_web';

let audio: AudioContext | undefined;

/// Fingers (or the mouse's button) down on the page now: a swipe may be under way.
let pressed = 0;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => pressed++, { capture: true });
  const up = (): void => {
    pressed = Math.max(0, pressed - 1);
  };
  document.addEventListener('pointerup', up, { capture: true });
  document.addEventListener('pointercancel', up, { capture: true });
}

/// The sticks of `shown` are in the air (or about to land) by the page's clock.
export function sticksFlying(shown: ThrowShown | null | undefined): boolean {
  return !!shown && Date.now() < shown.lands_at_ms + 100;
}

/// Makes the audio context ahead of the first clack, when the table opens and the page is
/// idle: making one holds the main thread for 50-250 ms, which during a flight drops its
/// frames. An idle moment comes between a flight's frames too (a CI run's only long task
/// was this, in the first flight of a table swiped at once), so it waits while a finger is
/// down or the sticks fly (`flying`), and a clack before it is made is silent. Starting its
/// sound (a suspended context's `resume`) holds the thread again, 70-170 ms here: that is
/// done at the person's first touch of the page after the context is made (a gesture,
/// which Safari asks for), or at once where the page has had one (Chromium), and not by
/// the first clack of a flight.
export function warmAudio(flying: () => boolean): () => void {
  let stopped = false;
  const start = (): void => {
    if (audio?.state === 'suspended') void audio.resume().catch(() => undefined);
  };
  const make = (): void => {
    if (stopped || audio) return;
    if (pressed > 0 || flying()) {
      setTimeout(idle, 250);
      return;
    }
    try {
      audio = new AudioContext();
      knock(audio);
      if (navigator.userActivation?.hasBeenActive) start();
      if (audio.state === 'suspended') document.addEventListener('pointerdown', start, { capture: true, once: true });
    } catch {
      // No Web Audio here: the knocks are silent.
    }
  };
  const idle = (): void => {
    if ('requestIdleCallback' in window) requestIdleCallback(make, { timeout: 2000 });
    else setTimeout(make, 200);
  };
  idle();
  return () => {
    stopped = true;
  };
}

let noise: AudioBuffer | undefined;

/// The knock's 50 ms of decaying noise, made once: every clack of a flight plays it.
function knock(a: AudioContext): AudioBuffer {
  if (noise?.sampleRate === a.sampleRate) return noise;
  const len = Math.floor(a.sampleRate * 0.05);
  const buf = a.createBuffer(1, len, a.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * Math.exp(-i / (len / 8));
  noise = buf;
  return buf;
}

function clack(strength: number): void {
  // Not made yet (see `warmAudio`): making it now would stop the flight for a moment.
  if (!audio) return;
  try {
    if (audio.state === 'suspended') void audio.resume();
    const now = audio.currentTime;
    const src = audio.createBufferSource();
    src.buffer = knock(audio);
    const band = audio.createBiquadFilter();
    band.type = 'bandpass';
    band.frequency.value = 1800;
    band.Q.value = 4;
    const gain = audio.createGain();
    gain.gain.value = Math.min(1, 0.15 + strength * 0.85);
    src.connect(band).connect(gain).connect(audio.destination);
    src.start(now);
  } catch {
    // No audio here (a browser without Web Audio, or no gesture yet): the knock is silent.
  }
}

/// Plays the effects; returns what the screen reader should hear, if anything.
export function playEffects(effects: ShellEffect[], muted: boolean, word: (p: SpeechPart[]) => string): string {
  let said = '';
  for (const e of effects) {
    if ('Cue' in e) {
      if (!muted) {
        clack(e.Cue.strength);
        navigator.vibrate?.(Math.round(5 + e.Cue.strength * 15));
      }
    } else if ('Haptic' in e) {
      if (!muted) navigator.vibrate?.(e.Haptic.kind === 'Won' ? [30, 60, 30] : 12);
    } else if ('Announce' in e) {
      said = word(e.Announce.speech);
    } else if ('Share' in e) {
      const link = e.Share.link;
      if (navigator.share) void navigator.share({ url: link }).catch(() => undefined);
      else void navigator.clipboard?.writeText(link).catch(() => undefined);
    } else if ('OpenUrl' in e) {
      window.open(e.OpenUrl.url, '_blank', 'noopener');
    }
  }
  return said;
}
