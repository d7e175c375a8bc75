import { EventEmitter } from 'node:events';

/** Domain events: services emit them, the realtime gateway (and jobs) listen. */
export interface DomainEvents {
  'session.revoked': { sessionIds: string[] };
  'mail.enqueued': Record<string, never>;
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
