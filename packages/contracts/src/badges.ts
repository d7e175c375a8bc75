import { categoryLabels, type PhotoCategory } from './rankings.js';
import type { Badge } from './profiles.js';

/** The badge catalogue: German names and descriptions; awarded by events, once each (per scope). */
export const badgeCatalogue = {
  email_verified: { name: 'Verifiziert', description: 'Hat die E-Mail-Adresse bestätigt.' },
  photo_approved: { name: 'Fotogen', description: 'Hat ein freigegebenes Profilfoto.' },
  first_match: { name: 'Erstes Match', description: 'Hat das erste Match gefeiert.' },
  first_message: { name: 'Eisbrecher', description: 'Hat die erste Nachricht geschrieben.' },
  votes_50: { name: 'Jury', description: 'Hat 50 Fotos bewertet.' },
  top10: { name: 'Top10', description: 'War in den Top10 des Monats.' },
} as const;
export type BadgeKind = keyof typeof badgeCatalogue;

const monthNames = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

/** 'November 2026' for '2026-11'. */
export function germanMonth(month: string): string {
  const [year, m] = month.split('-');
  return `${monthNames[Number(m) - 1] ?? m} ${year}`;
}

/** A stored badge (kind and scope) as members see it; undefined for a kind this version does not know. */
export function describeBadge(kind: string, scope: string): Badge | undefined {
  const entry = badgeCatalogue[kind as BadgeKind];
  if (!entry) return undefined;
  const id = scope ? `${kind}:${scope}` : kind;
  if (kind !== 'top10') return { id, ...entry };
  const [category, month] = scope.split(':');
  const label = categoryLabels[category as PhotoCategory] ?? category;
  return { id, name: `${entry.name} ${label}`, description: `In den Top10 der Kategorie ${label} im ${germanMonth(month ?? '')}.` };
}
