import type { HouseRuleId } from '@funkeln/contracts/decisions';
import { useId, useState } from 'react';
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
  onSuspend: (action: { kind: 'suspend'; id: string; rule?: HouseRuleId; facts?: string }) => void;
  onClose: () => void;
}

/**
 * 'Mitglied sperren' asks once more, wherever the moderation page offers it, and takes what the team
 * found: the statement of reasons quotes it (DSA Art. 17(3)(b)), so the member knows what she did.
 */
export function SuspendDialog({ target, onSuspend, onClose }: SuspendDialogProps) {
  const [facts, setFacts] = useState('');
  const factsId = useId();
  const close = () => {
    setFacts('');
    onClose();
  };
  return (
    <ConfirmDialog
      open={target !== null}
      title={de.admin.suspendTitle}
      text={de.admin.suspendText(target?.name ?? '')}
      confirmLabel={de.admin.suspend}
      onCancel={close}
      onConfirm={() => {
        const found = facts.trim();
        if (target) onSuspend({ kind: 'suspend', id: target.id, ...(target.rule ? { rule: target.rule } : {}), ...(found ? { facts: found } : {}) });
        close();
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={factsId}>
          {de.admin.suspendFacts}
        </label>
        <textarea id={factsId} className="field__input" rows={3} maxLength={500} value={facts} onChange={(event) => setFacts(event.target.value)} aria-describedby={`${factsId}-hint`} />
        <p className="field__hint" id={`${factsId}-hint`}>
          {de.admin.suspendFactsHint}
        </p>
      </div>
    </ConfirmDialog>
  );
}
