import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

let seq = 0;

/** A modal dialog: labelled, focus moves in on open and back out on close; Esc is handled
 *  by the app's one keyboard listener. */
export function Modal({
  title,
  onClose,
  closeLabel,
  children,
  wide,
}: {
  title: string;
  onClose: () => void;
  closeLabel: string;
  children: ComponentChildren;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useRef(`dlg-${++seq}`);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('[autofocus], button, input, select, a[href]');
    first?.focus();
    return () => before?.focus?.();
  }, []);
  return (
    <div
      class="backdrop"
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        class={`modal${wide ? ' wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id.current}
        ref={ref}
      >
        <div class="modal-head">
          <h2 id={id.current}>{title}</h2>
          <button type="button" class="icon" onClick={onClose} aria-label={closeLabel}>
            ✕
          </button>
        </div>
        <div class="modal-body">{children}</div>
      </div>
    </div>
  );
}
