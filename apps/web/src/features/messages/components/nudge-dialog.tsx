import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { de } from '../../../i18n/de';
import { errorCode, errorMessage } from '../../../lib/api-error';

/**
 * "Bist du sicher?": the server refused a message that reads as insulting, threatening or sexual
 * (409 message_nudge, its text the reason). `caught` opens the question for such a failure.
 */
export function useNudge() {
  const [reason, setReason] = useState<string | null>(null);
  return {
    reason,
    caught(failure: unknown): boolean {
      if (errorCode(failure) !== 'message_nudge') return false;
      setReason(errorMessage(failure, ''));
      return true;
    },
    close: () => setReason(null),
  };
}

interface NudgeDialogProps {
  reason: string | null;
  /** "Nachricht bearbeiten": back to the draft, nothing sent. */
  onEdit: () => void;
  /** "Trotzdem senden": the same draft again, confirmed. */
  onSendAnyway: () => void;
}

export function NudgeDialog({ reason, onEdit, onSendAnyway }: NudgeDialogProps) {
  return (
    <ConfirmDialog
      open={reason !== null}
      title={de.messages.nudge.title}
      text={reason ?? ''}
      confirmLabel={de.messages.nudge.sendAnyway}
      cancelLabel={de.messages.nudge.edit}
      onConfirm={onSendAnyway}
      onCancel={onEdit}
    />
  );
}
