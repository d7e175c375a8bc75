import { useState } from 'react';
import { Notice } from '../../../components/ui/notice';
import { de } from '../../../i18n/de';

const t = de.dateShare;

/** The new link, once: copy it, or hand it to the phone's share sheet where there is one. */
export function DateShareLink({ url, partnerName }: { url: string; partnerName: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const canShare = typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  const share = () => navigator.share({ title: t.shareTitle, text: t.shareText(partnerName), url }).catch(() => undefined);
  return (
    <div className="date-share__link">
      <Notice tone="success">{t.created}</Notice>
      <label className="field">
        <span className="field__label">{t.linkLabel}</span>
        <input className="field__input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} data-testid="date-share-url" />
      </label>
      <div className="confirm-dialog__actions">
        <button type="button" className="btn btn--primary" onClick={() => void copy()}>
          {t.copy}
        </button>
        {canShare ? (
          <button type="button" className="btn btn--ghost" onClick={() => void share()}>
            {t.share}
          </button>
        ) : null}
      </div>
      {copied === 'yes' ? <p role="status">{t.copied}</p> : null}
      {copied === 'failed' ? <Notice tone="error">{t.copyFailed}</Notice> : null}
    </div>
  );
}
