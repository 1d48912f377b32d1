import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A yes/no question over the sign-in page, in a native <dialog> (focus kept inside, Escape answers no) and drawn
 * like Arco's confirm, which the page does not load.
 */
export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmText: string;
  cancelText: string;
  confirmTestId?: string;
  cancelTestId?: string;
  onAnswer(confirmed: boolean): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const { onAnswer } = props;
  useEffect(() => {
    const dialog = ref.current!;
    dialog.showModal();
    // The answer most people give has the focus, as in Arco's confirm (showModal alone focuses the first button).
    confirm.current!.focus();
    return () => dialog.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby="confirm-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onAnswer(false);
      }}
    >
      <h5 id="confirm-dialog-title" className="confirm-dialog-title">
        {props.title}
      </h5>
      <div className="confirm-dialog-content">{props.children}</div>
      <div className="confirm-dialog-footer">
        <button type="button" className="login-button" data-testid={props.cancelTestId} onClick={() => onAnswer(false)}>
          {props.cancelText}
        </button>
        <button
          type="button"
          className="login-button login-button-primary"
          ref={confirm}
          data-testid={props.confirmTestId}
          onClick={() => onAnswer(true)}
        >
          {props.confirmText}
        </button>
      </div>
    </dialog>
  );
}
