import type { ChatMessage } from '@funkeln/contracts/messages';
import { describe, expect, it } from 'vitest';
import { dayLabel, layoutThread, listTime } from './thread-layout';

const ME = 'me';
const HER = 'her';
const NOW = new Date(2026, 10, 23, 18, 0);

function message(id: string, from: string, at: Date, readAt: string | null = null): ChatMessage {
  return {
    id,
    clientId: id,
    senderId: from,
    recipientId: from === ME ? HER : ME,
    body: id,
    prepaidReply: 0,
    prepaidReserved: 0,
    createdAt: at.toISOString(),
    readAt,
  };
}

describe('dayLabel', () => {
  it('says Heute, Gestern, then weekday and date, with the year only for other years', () => {
    expect(dayLabel(new Date(2026, 10, 23, 0, 5).toISOString(), NOW)).toBe('Heute');
    expect(dayLabel(new Date(2026, 10, 22, 23, 55).toISOString(), NOW)).toBe('Gestern');
    expect(dayLabel(new Date(2026, 10, 16, 12, 0).toISOString(), NOW)).toBe('Mo., 16. Nov.');
    expect(dayLabel(new Date(2025, 11, 31, 12, 0).toISOString(), NOW)).toBe('Mi., 31. Dez. 2025');
  });
});

describe('listTime', () => {
  it('shows the clock today, Gestern, else day and month', () => {
    expect(listTime(new Date(2026, 10, 23, 9, 5).toISOString(), NOW)).toBe('09:05');
    expect(listTime(new Date(2026, 10, 22, 9, 5).toISOString(), NOW)).toBe('Gestern');
    expect(listTime(new Date(2026, 10, 2, 9, 5).toISOString(), NOW)).toBe('02.11.');
  });
});

describe('layoutThread', () => {
  const thread = [
    message('a', ME, new Date(2026, 10, 22, 20, 0), 'x'),
    message('b', HER, new Date(2026, 10, 23, 9, 0)),
    message('c', HER, new Date(2026, 10, 23, 9, 4)),
    message('d', HER, new Date(2026, 10, 23, 9, 20)),
    message('e', ME, new Date(2026, 10, 23, 9, 21), 'x'),
    message('f', ME, new Date(2026, 10, 23, 9, 22)),
  ];
  const items = layoutThread(thread, HER, NOW);

  it('puts a separator before each new day', () => {
    expect(items.filter((i) => i.kind === 'day').map((i) => i.label)).toEqual(['Gestern', 'Heute']);
    expect(items.map((i) => (i.kind === 'day' ? i.label : i.key))).toEqual(['Gestern', 'a', 'Heute', 'b', 'c', 'd', 'e', 'f']);
  });

  it('groups one sender within five minutes', () => {
    const groups = items.flatMap((i) => (i.kind === 'message' ? [[i.key, i.groupStart, i.groupEnd]] : []));
    expect(groups).toEqual([
      ['a', true, true],
      ['b', true, false],
      ['c', false, true],
      ['d', true, true],
      ['e', true, false],
      ['f', false, true],
    ]);
  });

  it("marks only the last of my messages she has read, never hers", () => {
    const read = items.flatMap((i) => (i.kind === 'message' && i.read ? [i.key] : []));
    expect(read).toEqual(['e']);
    expect(items.find((i) => i.kind === 'message' && i.key === 'a')).toMatchObject({ mine: true, read: false });
  });
});
