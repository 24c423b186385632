import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom; the X in the header always closes too. */
  footer?: ReactNode;
  wide?: boolean;
}

/** Accessible dialog rendered into document.body: Escape, the X and a click on the backdrop close it. */
export function Modal({ open, title, onClose, children, footer, wide = false }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    // Keep the page behind from scrolling while the dialog is open.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open, onClose]);

  if (!open) return null;
  return createPortal(
    <div className="sq-modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        className={wide ? 'sq-modal sq-modal--wide' : 'sq-modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="sq-modal__header">
          <h2 id={titleId} className="sq-modal__title">
            {title}
          </h2>
          <button type="button" className="sq-modal__x" aria-label="닫기" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="sq-modal__body">{children}</div>
        {footer ? <div className="sq-modal__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
