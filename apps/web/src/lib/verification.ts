import { messageBody } from '@funkeln/contracts/errors';
import { api } from './api';

/** Mails the signed-in member a new verification link (the banner and the wallet offer it). */
export const startVerification = () => api.post('/auth/verify/start', messageBody);
