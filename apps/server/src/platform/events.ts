import { EventEmitter } from 'node:events';
import type { MatchItem } from '@funkeln/contracts/discovery';

/** Domain events: services emit them, the realtime gateway (and jobs) listen. */
export interface DomainEvents {
  'session.revoked': { sessionIds: string[] };
  'mail.enqueued': Record<string, never>;
  /** A new match: what each of the two members is told. */
  'match.created': { deliveries: { userId: string; match: MatchItem }[] };
}

export class EventBus {
  private readonly emitter = new EventEmitter();

  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}
