import type { CompanionTurn } from '@funkeln/contracts/companion';
import { Link } from 'react-router';
import { de } from '../../../i18n/de';
import { ChatForm } from './chat-form';
import { ChatTurns } from './chat-turns';

interface Props {
  /** Null while a conversation is being started or loaded. */
  turns: CompanionTurn[] | null;
  placeholder: string;
  waiting: boolean;
  /** The reply as far as it has been streamed. */
  draft: string | null;
  error: string | null;
  /** The send failed for lack of credits: offer the wallet. */
  needsCredits: boolean;
  onSend: (content: string) => Promise<unknown>;
}

export function ChatPane({ turns, placeholder, waiting, draft, error, needsCredits, onSend }: Props) {
  return (
    <div className="companion-chat">
      {turns ? <ChatTurns turns={turns} waiting={waiting} draft={draft} /> : <p className="muted companion-chat__placeholder">{placeholder}</p>}
      {error ? (
        <p className="notice notice--error companion-chat__error" role="alert">
          <span>{error}</span>
          {needsCredits ? <Link to="/wallet">{de.companion.getCredits}</Link> : null}
        </p>
      ) : null}
      <ChatForm disabled={turns === null || waiting} onSend={onSend} />
    </div>
  );
}
