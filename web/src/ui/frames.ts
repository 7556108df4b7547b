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
