import { de } from '../../../i18n/de';

/** The rule for free and bought credits (docs/CREDITS.md), with what may still go out today. */
export function FreeCreditsCard({ freePassLeftToday }: { freePassLeftToday: number }) {
  return (
    <section className="card wallet-section wallet-section--wide" aria-labelledby="wallet-free-title">
      <h2 className="wallet-section__title" id="wallet-free-title">
        {de.wallet.freeTitle}
      </h2>
      <p className="muted wallet-section__lead">{de.wallet.freeText}</p>
      <p className="wallet-section__lead" data-testid="free-pass-left">
        {de.wallet.freePassLeft(freePassLeftToday)}
      </p>
    </section>
  );
}
