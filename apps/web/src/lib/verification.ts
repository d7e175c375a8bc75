import type { MailRequestResponse } from '@funkeln/contracts/auth';
import { authEndpoints } from '@funkeln/contracts/routes/auth';
import { call } from './api';

/** Mails the signed-in member a new verification link (the banner and the wallet offer it). */
export const startVerification = () => call(authEndpoints.verifyStart);

/**
 * What to tell the member after asking for a confirmation mail: the page's own sentence when one
 * is on its way, the server's honest one when a mail went out (or was asked for) under a minute ago.
 */
export const mailRequestNote = (result: MailRequestResponse, sent: string): string => (result.outcome === 'sent' ? sent : result.message);
