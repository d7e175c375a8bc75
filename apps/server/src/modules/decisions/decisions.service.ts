import { randomUUID } from 'node:crypto';
import { type DecisionKind, type HouseRuleId, OBJECTION_MONTHS, type Statement } from '@funkeln/contracts/decisions';
import type { Config } from '../../config.js';
import type { Db, Queryable, Tx } from '../../db/client.js';
import { randomToken, sha256 } from '../../platform/crypto/crypto.js';
import type { EventBus } from '../../platform/events/events.js';
import { AppError } from '../../platform/http/errors.js';
import { enqueueMail } from '../../platform/mail/outbox.repo.js';
import { findAccountAddress } from '../auth/index.js';
import { answerMail, statementMail } from './decision-mails.js';
import * as repo from './decisions.repo.js';
import { presentStatement } from './statement.js';

/** A restriction as the code that imposes it describes it; `decidedBy` is the admin, absent for the machine. */
export interface Restriction {
  memberId: string;
  kind: DecisionKind;
  /** The restricted photo, message, account or verification attempt. */
  objectId: string;
  /** Which object, in words the member recognises. */
  object: string;
  /** Facts and circumstances (DSA Art. 17(3)(b)). */
  facts: string;
  rule: HouseRuleId;
  automatedDetection: boolean;
  decidedBy?: { id: string; email: string };
}

/** One audit log line (the admin module's table, written through the port the composition root passes). */
interface AuditLine {
  adminId: string | null;
  adminEmail: string;
  action: string;
  target: string;
  details: object;
}
export type AuditPort = (q: Queryable, line: AuditLine) => Promise<void>;

/** An objection in the admin queue, with what a reversal needs. */
export interface QueuedObjection {
  id: string;
  member: { id: string; name: string } | null;
  statement: Statement;
  kind: DecisionKind;
  objectId: string;
}

/** What a decided objection was about: the reversal's input. */
export interface DecidedObjection {
  decisionId: string;
  memberId: string;
  kind: DecisionKind;
  objectId: string;
}

export interface DecisionsServiceDeps {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  events: EventBus;
  audit: AuditPort;
}

/** The audit log's name for the automatic checks and for members (no admin acted). */
const MACHINE = 'Automatische Prüfung';
const MEMBER = 'Mitglied';
const LIST_LIMIT = 100;
const QUEUE_LIMIT = 200;
const linkInvalid = () => new AppError('decision_link_invalid');

/**
 * Statements of reasons (DSA Art. 17) and objections (Art. 20). `record` is called by whatever
 * restricts a member, inside its transaction: the statement, its mail and its audit line commit with
 * the restriction or not at all. The mailed link's token is stored only as its hash; it shows the
 * statement and takes one objection until the objection period ends, session or not.
 */
export class DecisionsService {
  constructor(private readonly d: DecisionsServiceDeps) {}

  async record(tx: Tx, r: Restriction): Promise<string> {
    const id = randomUUID();
    const token = randomToken();
    const automatedDecision = r.decidedBy === undefined;
    const times = await repo.insertDecision(tx, {
      id,
      memberId: r.memberId,
      kind: r.kind,
      objectId: r.objectId,
      objectText: r.object,
      facts: r.facts,
      rule: r.rule,
      automatedDetection: r.automatedDetection || automatedDecision,
      automatedDecision,
      decidedBy: r.decidedBy?.id ?? null,
      tokenHash: sha256(token),
      months: OBJECTION_MONTHS,
    });
    const row = await repo.findById(tx, id);
    const contact = await findAccountAddress(tx, r.memberId);
    if (row && contact) await enqueueMail(tx, statementMail(contact.email, contact.name, presentStatement(row), this.link(token)));
    await this.d.audit(tx, {
      adminId: r.decidedBy?.id ?? null,
      adminEmail: r.decidedBy?.email ?? MACHINE,
      action: 'decision.issued',
      target: id,
      details: { member: r.memberId, kind: r.kind, object: r.objectId, rule: r.rule, automated: automatedDecision, objectionUntil: times.objection_until.toISOString() },
    });
    tx.afterCommit(() => this.d.events.emit('mail.enqueued', {}));
    return id;
  }

  async mine(memberId: string): Promise<{ items: Statement[] }> {
    return { items: (await repo.listByMember(this.d.db, memberId, LIST_LIMIT)).map(presentStatement) };
  }

  /** The statement behind a mailed link; an unknown, altered or expired link gets one answer. */
  async byToken(token: string): Promise<Statement> {
    const row = await repo.findLiveByTokenHash(this.d.db, sha256(token));
    if (!row) throw linkInvalid();
    return presentStatement(row);
  }

  async objectByToken(token: string, text: string): Promise<Statement> {
    const row = await repo.findLiveByTokenHash(this.d.db, sha256(token));
    if (!row) throw linkInvalid();
    return this.file(row.id, row.user_id, text);
  }

  async object(memberId: string, decisionId: string, text: string): Promise<Statement> {
    const row = await repo.findOwn(this.d.db, memberId, decisionId);
    if (!row) throw new AppError('not_found', { params: { of: 'decision' } });
    if (!row.open && row.objection_id === null) throw new AppError('objection_period_over');
    return this.file(row.id, memberId, text);
  }

  /** One objection per decision: a repeat (or a parallel twin) changes nothing and answers the statement as it stands. */
  private async file(decisionId: string, memberId: string, text: string): Promise<Statement> {
    const objectionId = randomUUID();
    await this.d.db.transaction(async (tx) => {
      if (!(await repo.insertObjection(tx, { id: objectionId, decisionId, text }))) return;
      await this.d.audit(tx, { adminId: null, adminEmail: MEMBER, action: 'objection.filed', target: objectionId, details: { member: memberId, decision: decisionId } });
    });
    const row = await repo.findById(this.d.db, decisionId);
    if (!row) throw linkInvalid();
    return presentStatement(row);
  }

  /** The admin queue: open objections first, each with its statement and the member's name. */
  async objections(): Promise<QueuedObjection[]> {
    const rows = await repo.listObjections(this.d.db, QUEUE_LIMIT);
    return rows.map((r) => ({
      id: r.objection_id ?? '',
      member: r.member_name === null ? null : { id: r.user_id, name: r.member_name },
      statement: presentStatement(r),
      kind: r.kind,
      objectId: r.object_id,
    }));
  }

  /**
   * Inside the admin's transaction: decides an open objection once (a person, never the automatic
   * check), mails the answer and writes the audit line. Answers the decision, for the reversal.
   */
  async decide(tx: Tx, admin: { id: string; email: string }, objectionId: string, reverse: boolean, answer: string): Promise<DecidedObjection> {
    const decided = await repo.decideObjection(tx, objectionId, { status: reverse ? 'reversed' : 'upheld', answer, adminId: admin.id });
    if (!decided) {
      if (await repo.objectionExists(tx, objectionId)) throw new AppError('objection_decided');
      throw new AppError('not_found', { params: { of: 'objection' } });
    }
    const row = await repo.findById(tx, decided.decision_id);
    if (!row) throw new AppError('not_found', { params: { of: 'objection' } });
    // Thrown inside the transaction: the objection stays open (red team, issue 57).
    if (row.user_id === admin.id) throw new AppError('objection_own');
    // Reversing lifts the restriction on the object, so only while this decision is the one in
    // force: a newer decision on the same photo, account or message stays (it has its own objection).
    if (reverse && (await repo.hasNewerOnObject(tx, row))) throw new AppError('objection_superseded');
    const contact = await findAccountAddress(tx, row.user_id);
    if (contact) await enqueueMail(tx, answerMail(contact.email, contact.name, presentStatement(row), reverse, answer, `${this.d.config.publicUrl}/entscheidungen`));
    await this.d.audit(tx, {
      adminId: admin.id,
      adminEmail: admin.email,
      action: reverse ? 'objection.reversed' : 'objection.upheld',
      target: objectionId,
      details: { member: row.user_id, decision: row.id, kind: row.kind, object: row.object_id },
    });
    tx.afterCommit(() => this.d.events.emit('mail.enqueued', {}));
    return { decisionId: row.id, memberId: row.user_id, kind: row.kind, objectId: row.object_id };
  }

  /** Links are built from PUBLIC_URL only; the token sits in the query, which the logs redact. */
  private link(token: string): string {
    return `${this.d.config.publicUrl}/widerspruch?token=${token}`;
  }
}
