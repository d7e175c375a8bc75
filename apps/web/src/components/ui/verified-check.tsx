import { PHOTO_VERIFIED_LABEL } from '@funkeln/contracts/verification';

/** The visible check of "Foto verifiziert" beside a member's name (cards, profiles). */
export function VerifiedCheck({ testId }: { testId?: string }) {
  return (
    <span className="verified-check" title={PHOTO_VERIFIED_LABEL} role="img" aria-label={PHOTO_VERIFIED_LABEL} data-testid={testId}>
      ✓
    </span>
  );
}
