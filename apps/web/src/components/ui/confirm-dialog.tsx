import { type ReactNode, useEffect, useId, useRef } from 'react';
import { de } from '../../i18n/de';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** The safe choice's label; "Abbrechen" unless said. */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** What she must do before confirming (a consent checkbox), between the text and the buttons. */
  children?: ReactNode;
  /** Off until `children` are answered. */
  confirmDisabled?: boolean;
  /** 'primary' for a step she wants (a purchase); 'danger' (default) for one she may regret. */
  confirmTone?: 'danger' | 'primary';
}

/** A modal yes/no question on the native <dialog>: focus stays inside, Escape cancels. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel = de.common.cancel,
  onConfirm,
  onCancel,
  children,
  confirmDisabled = false,
  confirmTone = 'danger',
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The safe choice takes the focus.
      cancelRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="confirm-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 className="confirm-dialog__title" id={titleId}>
        {title}
      </h2>
      <p className="confirm-dialog__text muted" id={textId}>
        {text}
      </p>
      {children}
      <div className="confirm-dialog__actions">
        <button ref={cancelRef} type="button" className="btn btn--ghost" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className={`btn btn--${confirmTone}`} onClick={onConfirm} disabled={confirmDisabled}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
