import { adminEndpoints } from '@funkeln/contracts/routes/admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { answerFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { AuditLog } from './audit-log';

const entry = (id: number, action: string, member: string | null) => ({
  id,
  admin: 'chefin@example.org',
  action,
  target: '2d9c6a1e-5b4f-4c3d-8e2a-7f1b0c9d8e7a',
  member,
  details: {},
  created_at: '2026-05-01T10:00:00.000Z',
});

describe('AuditLog', () => {
  it('names the member each action concerned, a dash where there is none', async () => {
    server.use(answerFor(adminEndpoints.audit, [entry(2, 'photo.disable', 'Bernd'), entry(1, 'settings.update', null)]));
    renderPage(<AuditLog />);
    const table = await screen.findByTestId('audit-log');
    expect(within(table).getByRole('columnheader', { name: de.admin.auditColumns.member })).toBeTruthy();
    const [, photo, settings] = within(table).getAllByRole('row');
    expect(within(photo!).getAllByRole('cell').map((c) => c.textContent)).toContain('Bernd');
    expect(within(settings!).getAllByRole('cell')[3]?.textContent).toBe('–');
  });
});
