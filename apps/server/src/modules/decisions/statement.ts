import { decisionTitles, type HouseRuleId, houseRules, type Statement } from '@funkeln/contracts/decisions';
import type { DecisionRow } from './decisions.repo.js';

const dateFormat = new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Berlin' });

/** A date as members read it: '7. Juni 2027'. */
const germanDate = (d: Date): string => dateFormat.format(d);

/** DSA Art. 17(3)(c) in words: whether a machine found it and whether a machine decided. */
function automationText(detection: boolean, decision: boolean): string {
  if (decision) return 'Erkannt und entschieden hat unsere automatische Bildprüfung, ohne dass ein Mensch das Foto vorher angesehen hat.';
  if (detection) return 'Aufgefallen ist das unserer automatischen Prüfung; entschieden hat ein Mensch aus unserem Team.';
  return 'Entschieden hat ein Mensch aus unserem Team, ohne automatische Prüfung.';
}

/** DSA Art. 17(3)(f): the ways to object, in words. */
function redressText(until: Date): string {
  return (
    `Du kannst bis zum ${germanDate(until)} Widerspruch einlegen. Ein Mensch aus unserem Team prüft ihn, und du bekommst eine Antwort. ` +
    'Außerdem kannst du dich an eine zugelassene außergerichtliche Streitbeilegungsstelle wenden (Art. 21 DSA) oder vor Gericht gehen.'
  );
}

function ruleOf(id: string): Statement['rule'] {
  const key = (id in houseRules ? id : 'illegal_content') as HouseRuleId;
  return { id: key, ...houseRules[key] };
}

/** A stored decision as the member sees it. */
export function presentStatement(r: DecisionRow): Statement {
  const status = r.objection_status;
  return {
    id: r.id,
    kind: r.kind,
    title: decisionTitles[r.kind],
    object: r.object_text,
    facts: r.facts,
    rule: ruleOf(r.rule),
    automation: automationText(r.automated_detection, r.automated_decision),
    automatedDetection: r.automated_detection,
    automatedDecision: r.automated_decision,
    redress: redressText(r.objection_until),
    createdAt: r.created_at.toISOString(),
    objectionUntil: r.objection_until.toISOString(),
    canObject: r.open && status === null,
    objection:
      status === null
        ? null
        : {
            text: r.objection_text ?? '',
            status,
            answer: r.answer,
            createdAt: (r.objected_at ?? r.created_at).toISOString(),
            decidedAt: r.decided_at?.toISOString() ?? null,
          },
  };
}
