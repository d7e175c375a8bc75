import { ratePassword } from '@funkeln/contracts/password-strength';
import { AppError } from '../../platform/http/errors.js';

/**
 * The one check every new password passes (registration, reset, change): common, breached or
 * guessable passwords are refused with zxcvbn's German advice. `personal` is what an attacker
 * would try first: the member's e-mail address and display name.
 */
export function assertStrongPassword(password: string, personal: readonly string[]): void {
  const rating = ratePassword(password, personal);
  if (rating.advice !== null) throw new AppError('weak_password', { params: { advice: rating.advice } });
}
