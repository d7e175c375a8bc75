import { safetyEndpoints } from '@funkeln/contracts/routes/safety';
import { outcomeTexts } from '@funkeln/contracts/safety';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { answerFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { MyReportsSection } from './my-reports-section';

describe('MyReportsSection (Einstellungen › Meine Meldungen)', () => {
  it('shows each report with its status, the decision and the team\'s note', async () => {
    server.use(
      answerFor(safetyEndpoints.myReports, [
        { id: 'r-2', what: 'message', reason: 'Betrug', status: 'resolved', createdAt: '2026-05-02T10:00:00.000Z', decidedAt: '2026-05-03T10:00:00.000Z', outcome: outcomeTexts.resolved, note: 'Danke für deinen Hinweis.' },
        { id: 'r-1', what: 'profile', reason: 'Spam oder Werbung', status: 'open', createdAt: '2026-05-01T10:00:00.000Z', decidedAt: null, outcome: null, note: null },
      ]),
    );
    renderPage(<MyReportsSection />);
    const items = await screen.findAllByTestId('my-report');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining(de.myReports.status.resolved),
      expect.stringContaining(de.myReports.status.open),
    ]);
    expect(items[0]?.textContent).toContain(outcomeTexts.resolved);
    expect(items[0]?.textContent).toContain('Danke für deinen Hinweis.');
    expect(items[1]?.textContent).toContain('Spam oder Werbung');
  });

  it('says so when there is nothing', async () => {
    server.use(answerFor(safetyEndpoints.myReports, []));
    renderPage(<MyReportsSection />);
    expect(await screen.findByText(de.myReports.empty)).toBeTruthy();
  });
});
