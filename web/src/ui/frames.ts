// Frame timing: a component that animates asks for frames until a time on the core's
// clock (Date.now()), and none after: an idle table draws no frames.
import { useEffect, useState } from 'preact/hooks';

export function useNow(until: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (Date.now() >= until) {
      setNow(Date.now());
      return;
    }
    let raf = 0;
    const step = (): void => {
      const n = Date.now();
      setNow(n);
      if (n < until) raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [until]);
  return now;
}

/// Whether the core's clock (Date.now()) has reached `at`: one re-render when it does, by
/// a timer, not one a frame. (The table waited for a throw's landing with `useNow`, which
/// re-rendered the whole table, 말판 and all, on every frame while the sticks flew: the
/// long tasks of issue 41 on a slowed phone.)
export function useReached(at: number): boolean {
  const [, setTick] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = (): void => {
      const left = at - Date.now();
      if (left > 0) timer = setTimeout(wait, left);
      else setTick((n) => n + 1);
    };
    if (Date.now() < at) wait();
    return () => clearTimeout(timer);
  }, [at]);
  return Date.now() >= at;
}
