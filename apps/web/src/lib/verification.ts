import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { call } from './api';

/** Mails the signed-in member a new verification link (the banner and the wallet offer it). */
export const startVerification = () => call(authEndpoints.verifyStart);
