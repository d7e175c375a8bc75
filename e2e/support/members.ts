import type { APIRequestContext } from '@playwright/test';
import { expect, mailLink, uniqueEmail } from './fixtures.js';

/** A password the server's strength rule accepts; every e2e member signs up with it. */
export const PASSWORD = 'Kiwi-Wolke-Geheim-42';

export interface Member {
  id: string;
  name: string;
  email: string;
  token: string;
  headers: { authorization: string };
}

/**
 * A member signed up through the API with a profile in Berlin open to everyone aged 18 to 70
 * (the gender decides what messages cost).
 */
export async function memberWithProfile(request: APIRequestContext, displayName: string, gender: 'male' | 'female', birthDate = '1993-06-02'): Promise<Member> {
  const email = uniqueEmail(displayName.toLowerCase());
  const registered = await request.post('/api/auth/register', { data: { email, password: PASSWORD, displayName } });
  expect(registered.ok()).toBe(true);
  const { token } = (await registered.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const [berlin] = (await (await request.get('/api/places?q=Berlin')).json()) as { id: number }[];
  const profile = await request.put('/api/me/profile', {
    headers,
    data: { birthDate, gender, interestedIn: ['male', 'female', 'diverse'], ageMin: 18, ageMax: 70, placeId: berlin?.id },
  });
  expect(profile.ok()).toBe(true);
  const { id } = (await (await request.get('/api/me', { headers })).json()) as { id: string };
  return { id, name: displayName, email, token, headers };
}

/** Follows the link of the verification mail (sent at sign-up) from the dev mailbox. */
export async function confirmEmail(request: APIRequestContext, email: string): Promise<void> {
  const link = new URL(await mailLink(request, email, 'Bitte bestätige deine E-Mail-Adresse', '/verify'));
  expect((await request.post('/api/auth/verify/confirm', { data: { token: link.searchParams.get('token') } })).ok()).toBe(true);
}

/** In ADMIN_EMAILS of the e2e server (start-server.mjs). */
const ADMIN_EMAIL = 'admin.e2e@example.org';

/** The e2e admin ('Chefin'): signed up and confirmed on first use, signed in after that. */
export async function adminSession(request: APIRequestContext): Promise<Pick<Member, 'token' | 'headers'>> {
  const registered = await request.post('/api/auth/register', { data: { email: ADMIN_EMAIL, password: PASSWORD, displayName: 'Chefin' } });
  if (registered.ok()) await confirmEmail(request, ADMIN_EMAIL);
  const res = registered.ok() ? registered : await request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  const { token } = (await res.json()) as { token: string };
  return { token, headers: { authorization: `Bearer ${token}` } };
}
