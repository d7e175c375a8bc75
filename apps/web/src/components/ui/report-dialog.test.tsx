import { errorMessage } from '@funkeln/contracts/errors';
import { safetyEndpoints } from '@funkeln/contracts/routes/safety';
import { reportReasons } from '@funkeln/contracts/safety';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../i18n/de';
import { failureFor } from '../../test/api-handlers';
import { renderPage } from '../../test/render';
import { server } from '../../test/server';
import { ReportDialog } from './report-dialog';

describe('ReportDialog', () => {
  it.each([
    ['rate_limited', failureFor(safetyEndpoints.report, 'rate_limited', { limit: 'report' }), errorMessage('rate_limited', { limit: 'report' })],
    ['self_report', failureFor(safetyEndpoints.report, 'self_report'), errorMessage('self_report')],
    ['not_found', failureFor(safetyEndpoints.report, 'not_found', { of: 'reported' }), errorMessage('not_found', { of: 'reported' })],
  ] as const)("shows the catalogue sentence for '%s' and keeps the report", async (_code, handler, text) => {
    server.use(handler);
    const onSent = vi.fn();
    const { user } = renderPage(<ReportDialog target={{ userId: 'u-1' }} onClose={() => undefined} onSent={onSent} />);
    await user.selectOptions(screen.getByLabelText(de.report.reason), reportReasons.spam);
    await user.type(screen.getByLabelText(de.report.details), 'Schickt Werbung');
    await user.click(screen.getByRole('button', { name: de.report.send }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(onSent).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLTextAreaElement>(de.report.details).value).toBe('Schickt Werbung');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: de.report.send }).disabled).toBe(false);
  });
});
