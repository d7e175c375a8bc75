/** Premium is a time span bought with credits: a member is premium until premium_until passes. */
export function isPremium(premiumUntil: Date | null, now = Date.now()): boolean {
  return premiumUntil !== null && premiumUntil.getTime() > now;
}
