import { blocksEndpoints } from '@funkeln/contracts/routes/blocks';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { answerFor } from '../../../test/api-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { BlockedSection } from './blocked-section';

const carl = { id: '0b6f4d0e-4a1c-4c6e-9d3c-1f2e3d4c5b6a', name: 'Carl', blockedAt: '2026-12-06T10:00:00.000Z' };
const berni = { id: '7a1e2b3c-4d5e-4f60-8a9b-0c1d2e3f4a5b', name: 'Berni', blockedAt: '2026-12-01T10:00:00.000Z' };

describe('BlockedSection', () => {
  it('lists whom the member blocked and lifts a block with "Blockierung aufheben"', async () => {
    server.use(answerFor(blocksEndpoints.list, [carl, berni]), answerFor(blocksEndpoints.unblock, { message: 'Blockierung aufgehoben.' }));
    const { user } = renderPage(<BlockedSection />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([`Carl ${de.settings.blockedSince('06.12.2026')}${de.settings.unblock}`, `Berni ${de.settings.blockedSince('01.12.2026')}${de.settings.unblock}`]);
    server.use(answerFor(blocksEndpoints.list, [berni]));
    await user.click(within(items[0]!).getByRole('button', { name: de.settings.unblock }));
    expect((await screen.findByText(de.settings.unblocked('Carl'))).textContent).toBe('Carl ist nicht mehr blockiert.');
    expect((await screen.findAllByRole('listitem')).map((li) => li.querySelector('strong')?.textContent)).toEqual(['Berni']);
  });

  it('says so when nobody is blocked', async () => {
    server.use(answerFor(blocksEndpoints.list, []));
    renderPage(<BlockedSection />);
    expect(await screen.findByText(de.settings.blockedEmpty)).toBeTruthy();
  });
});
