import type { PushPayload } from '@funkeln/contracts/push';
import type { MemberNotification } from '../notifications/index.js';

/**
 * What a lock screen may show. Never message text; the other member's name only when the member
 * chose previews, and never for a flirt (its sender stays anonymous until the match).
 */
export function pushPayloadFor(n: MemberNotification, otherName: string | null): PushPayload {
  switch (n.kind) {
    case 'match':
      return {
        title: 'Neues Match',
        body: otherName ? `Du und ${otherName} habt ein Match. Schreib als Erstes!` : 'Ihr mögt euch gegenseitig. Schreib als Erstes!',
        url: '/matches',
        tag: 'match',
      };
    case 'message':
      return {
        title: 'Neue Nachricht',
        body: otherName ? `${otherName} hat dir geschrieben.` : 'Du hast eine neue Nachricht.',
        url: n.otherId ? `/messages/${n.otherId}` : '/messages',
        tag: n.otherId ? `message:${n.otherId}` : 'message',
      };
    case 'flirt':
      return { title: 'Neuer Flirt', body: 'Jemand hat dir einen Flirt geschickt.', url: '/flirts', tag: 'flirt' };
  }
}
