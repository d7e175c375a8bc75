import type { HouseRuleId } from '@funkeln/contracts/decisions';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { de } from '../../../i18n/de';

/** A member an admin is about to suspend, with the house rule the statement of reasons names (default: the server's). */
export interface SuspendTarget {
  id: string;
  name: string;
  rule?: HouseRuleId;
}

interface SuspendDialogProps {
  target: SuspendTarget | null;
  onSuspend: (action: { kind: 'suspend'; id: string; rule?: HouseRuleId }) => void;
  onClose: () => void;
}

/** 'Mitglied sperren' asks once more, wherever the moderation page offers it. */
export function SuspendDialog({ target, onSuspend, onClose }: SuspendDialogProps) {
  return (
    <ConfirmDialog
      open={target !== null}
      title={de.admin.suspendTitle}
      text={de.admin.suspendText(target?.name ?? '')}
      confirmLabel={de.admin.suspend}
      onCancel={onClose}
      onConfirm={() => {
        if (target) onSuspend({ kind: 'suspend', id: target.id, ...(target.rule ? { rule: target.rule } : {}) });
        onClose();
      }}
    />
  );
}
