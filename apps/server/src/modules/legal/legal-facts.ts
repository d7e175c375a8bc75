import type { LegalInfo } from '@funkeln/contracts/legal';
import type { Config } from '../../config.js';
import { FAILED_RETENTION_DAYS, SENT_RETENTION_DAYS } from '../../platform/mail/outbox.repo.js';
import { parseStorageUrl } from '../../platform/storage/storage-url.js';
import { CLEANUP_INTERVAL_MS, USED_TOKEN_RETENTION_DAYS } from '../admin/index.js';
import { MAIL_TOKEN_TTL_SECONDS, SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from '../auth/index.js';
import { PUSH_FAILED_RETENTION_DAYS, PUSH_SENT_RETENTION_DAYS } from '../push/index.js';
import { EVIDENCE_RETENTION_DAYS, REPORT_RETENTION_DAYS } from '../safety/index.js';
import { ATTEMPT_TTL_SECONDS } from '../verification/index.js';

const DAY = 86_400;

/** A provider named by the operator, else the host name of its URL (never its credentials). */
const named = (name: string | null, url: string | undefined): string | null => name ?? (url ? new URL(url).hostname : null);

function storageHost(storageUrl: string | undefined): string | undefined {
  if (!storageUrl) return undefined;
  const target = parseStorageUrl(storageUrl);
  return target.kind === 's3' ? target.endpoint : undefined;
}

/** What the legal pages state, built from the configuration and the code's own retention constants. */
export function legalFacts(config: Config): LegalInfo {
  const { operator, privacyEmail, dpo, authority, providers, logRetentionDays } = config.legal;
  const storage = storageHost(config.storageUrl);
  return {
    operator,
    privacy: { email: privacyEmail, dpo },
    termsDraft: config.nodeEnv !== 'production',
    authority,
    recipients: {
      hosting: providers.hosting,
      mail: named(providers.smtp, config.smtpUrl),
      stripe: config.stripe !== undefined,
      companionModel: named(providers.companion, config.companion.model?.baseUrl),
      storage: storage ? named(providers.storage, storage) : null,
      google: config.google !== undefined,
    },
    retention: {
      sessionIdleSeconds: SESSION_IDLE_SECONDS,
      sessionMaxSeconds: SESSION_ABSOLUTE_SECONDS,
      verifyLinkSeconds: MAIL_TOKEN_TTL_SECONDS.verify,
      resetLinkSeconds: MAIL_TOKEN_TTL_SECONDS.reset,
      usedLinkSeconds: USED_TOKEN_RETENTION_DAYS * DAY,
      mailSentSeconds: SENT_RETENTION_DAYS * DAY,
      mailFailedSeconds: FAILED_RETENTION_DAYS * DAY,
      pushSentSeconds: PUSH_SENT_RETENTION_DAYS * DAY,
      pushFailedSeconds: PUSH_FAILED_RETENTION_DAYS * DAY,
      verificationAttemptSeconds: ATTEMPT_TTL_SECONDS,
      reportEvidenceSeconds: EVIDENCE_RETENTION_DAYS * DAY,
      reportSeconds: REPORT_RETENTION_DAYS * DAY,
      logSeconds: logRetentionDays * DAY,
      cleanupIntervalSeconds: CLEANUP_INTERVAL_MS / 1000,
    },
  };
}
