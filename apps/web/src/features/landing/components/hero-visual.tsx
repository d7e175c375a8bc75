import { useState } from 'react';
import { de } from '../../../i18n/de-shell';

const CARDS = [
  { name: 'Lena, 27', city: 'Berlin', tone: 'a' },
  { name: 'Jonas, 31', city: 'Hamburg', tone: 'b' },
  { name: 'Mia, 25', city: 'München', tone: 'c' },
] as const;

/**
 * Decorative card stack: the top card swipes away in a 6 s loop (CSS only, paused for reduced
 * motion). The loop runs longer than 5 s, so a button pauses it (WCAG 2.2.2); only the button is
 * exposed to assistive technology.
 */
export function HeroVisual() {
  const [paused, setPaused] = useState(false);
  return (
    <div className={paused ? 'hero-visual hero-visual--paused' : 'hero-visual'}>
      <button type="button" className="btn btn--ghost btn--small hero-visual__pause" onClick={() => setPaused(!paused)}>
        {paused ? de.landing.playAnimation : de.landing.pauseAnimation}
      </button>
      <div className="phone" aria-hidden="true">
        <div className="phone__notch" />
        <div className="swipe-stack">
          {CARDS.map((card, index) => (
            <div key={card.name} className={`swipe-card swipe-card--${card.tone} swipe-card--pos${index}`}>
              <div className="swipe-card__photo">
                <span className="swipe-card__avatar" />
              </div>
              <div className="swipe-card__info">
                <strong>{card.name}</strong>
                <span>{card.city}</span>
              </div>
              {index === 0 ? <span className="swipe-card__stamp">{de.landing.cardLike}</span> : null}
            </div>
          ))}
        </div>
        <div className="phone__actions">
          <span className="round-btn round-btn--nope">✕</span>
          <span className="round-btn round-btn--flirt">✦</span>
          <span className="round-btn round-btn--like">♥</span>
        </div>
      </div>
      <span className="float-heart float-heart--one" aria-hidden="true">
        ♥
      </span>
      <span className="float-heart float-heart--two" aria-hidden="true">
        ♥
      </span>
      <span className="float-heart float-heart--three" aria-hidden="true">
        ✦
      </span>
      <div className="match-toast" aria-hidden="true">
        <span className="match-toast__icon">♥</span>
        {de.landing.cardMatch}
      </div>
    </div>
  );
}
