// A text or number field whose value the core owns and which is sent when the person
// leaves it (`change`). Drawn with `value`, every view re-rendering the form put the core's
// value back over what was being typed: a view that came in between (the throw's
// simulation arriving after the menu, a bot's network, a room's news) lost the edit.
import type { JSX } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

type Props = Omit<JSX.IntrinsicElements['input'], 'value' | 'onChange'> & {
  value: string;
  onCommit: (typed: string) => void;
};

export function CoreField({ value, onCommit, ...attrs }: Props) {
  const input = useRef<HTMLInputElement>(null);
  /// The core's value last written into the field.
  const written = useRef<string | undefined>(undefined);
  /// Sent, and not yet shown again as the core has it (it may have refused or clamped it).
  const sent = useRef(false);
  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    // Written when the core's value changes; otherwise only once the person has left the
    // field after sending it, so a view that changes nothing here leaves the typing alone.
    const left = el !== document.activeElement;
    if (value !== written.current || (sent.current && left)) {
      el.value = value;
      written.current = value;
      if (left) sent.current = false;
    }
  });
  return (
    <input
      ref={input}
      {...attrs}
      onChange={(e) => {
        sent.current = true;
        onCommit(e.currentTarget.value);
      }}
    />
  );
}
