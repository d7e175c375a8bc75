import type { MeResponse } from '@funkeln/contracts/auth';

/** The signed-in member 'Anna' as GET /api/me answers for her; tests change what they are about. */
export function meAs(changes: Partial<MeResponse> = {}): MeResponse {
  return {
    id: '6c1e8d4f-2b3c-4d5e-9f0a-1b2c3d4e5f60',
    email: 'anna@example.de',
    display_name: 'Anna',
    email_verified: true,
    role: 'member',
    created_at: '2026-05-01T10:00:00.000Z',
    isPremium: false,
    premiumUntil: null,
    ...changes,
  };
}
