import { z } from 'zod';
import { text } from './fields.js';

/**
 * Interests and prompts on a profile (issue 19): fixed German catalogues with stable ids. The ids
 * are what the API and the database keep; the labels are for people and may be reworded.
 */
export const INTERESTS = [
  { id: 'wandern', label: 'Wandern' },
  { id: 'kochen', label: 'Kochen' },
  { id: 'vegan-kochen', label: 'Vegan kochen' },
  { id: 'konzerte', label: 'Konzerte' },
  { id: 'festivals', label: 'Festivals' },
  { id: 'musik-machen', label: 'Musik machen' },
  { id: 'tanzen', label: 'Tanzen' },
  { id: 'hunde', label: 'Hunde' },
  { id: 'katzen', label: 'Katzen' },
  { id: 'reisen', label: 'Reisen' },
  { id: 'camping', label: 'Camping' },
  { id: 'fussball', label: 'Fußball' },
  { id: 'fitness', label: 'Fitness' },
  { id: 'yoga', label: 'Yoga' },
  { id: 'meditation', label: 'Meditation' },
  { id: 'laufen', label: 'Laufen' },
  { id: 'radfahren', label: 'Radfahren' },
  { id: 'schwimmen', label: 'Schwimmen' },
  { id: 'klettern', label: 'Klettern' },
  { id: 'skifahren', label: 'Skifahren' },
  { id: 'segeln', label: 'Segeln' },
  { id: 'gaming', label: 'Gaming' },
  { id: 'brettspiele', label: 'Brettspiele' },
  { id: 'lesen', label: 'Lesen' },
  { id: 'kino', label: 'Kino' },
  { id: 'serien', label: 'Serien' },
  { id: 'podcasts', label: 'Podcasts' },
  { id: 'theater', label: 'Theater' },
  { id: 'museen', label: 'Museen' },
  { id: 'kunst', label: 'Kunst' },
  { id: 'fotografie', label: 'Fotografie' },
  { id: 'mode', label: 'Mode' },
  { id: 'wein', label: 'Wein' },
  { id: 'kaffee', label: 'Kaffee' },
  { id: 'garten', label: 'Garten' },
  { id: 'nachhaltigkeit', label: 'Nachhaltigkeit' },
  { id: 'ehrenamt', label: 'Ehrenamt' },
  { id: 'sprachen', label: 'Sprachen' },
  { id: 'technik', label: 'Technik' },
  { id: 'handwerk', label: 'Handwerk' },
] as const;
export type InterestId = (typeof INTERESTS)[number]['id'];

export const PROMPTS = [
  { id: 'perfekter-sonntag', label: 'Mein perfekter Sonntag …' },
  { id: 'nicht-ohne', label: 'Ich kann nicht ohne …' },
  { id: 'frag-mich', label: 'Frag mich nach …' },
  { id: 'gruene-flagge', label: 'Eine grüne Flagge für mich ist …' },
  { id: 'zuletzt-gelacht', label: 'Zuletzt richtig gelacht habe ich über …' },
  { id: 'erstes-date', label: 'Das perfekte erste Date …' },
  { id: 'heimlich-gut', label: 'Heimlich bin ich richtig gut in …' },
  { id: 'nie-wieder', label: 'Nie wieder werde ich …' },
] as const;
export type PromptId = (typeof PROMPTS)[number]['id'];

export const MAX_INTERESTS = 8;
export const MAX_PROMPTS = 3;
export const MAX_PROMPT_ANSWER = 150;

const interestLabels = new Map<string, string>(INTERESTS.map((i) => [i.id, i.label]));
const promptLabels = new Map<string, string>(PROMPTS.map((p) => [p.id, p.label]));

/** The German label of an interest id (undefined for an id outside the catalogue). */
export const interestLabel = (id: string): string | undefined => interestLabels.get(id);
/** The German question of a prompt id. */
export const promptLabel = (id: string): string | undefined => promptLabels.get(id);

/**
 * The wire shapes only: what the rules below check gets its own error code (unknown_interest,
 * too_many_interests, ...), so the schema bounds just the size of what a request may carry.
 */
const catalogueId = z.string().max(40);
export const interestsField = z.array(catalogueId).max(50);
export const promptAnswer = z.object({
  promptId: catalogueId,
  answer: text({ max: 1000, multiline: true }),
});
export type PromptAnswer = z.infer<typeof promptAnswer>;
export const promptsField = z.array(promptAnswer).max(20);

export type InterestsProblem = 'unknown_interest' | 'duplicate_interest' | 'too_many_interests';
export type PromptsProblem = 'unknown_prompt' | 'duplicate_prompt' | 'too_many_prompts' | 'prompt_answer_empty' | 'prompt_answer_too_long';

/** The first rule a list of interests breaks, if any (server and forms share it). */
export function interestsProblem(ids: readonly string[]): InterestsProblem | undefined {
  if (ids.some((id) => !interestLabels.has(id))) return 'unknown_interest';
  if (new Set(ids).size !== ids.length) return 'duplicate_interest';
  if (ids.length > MAX_INTERESTS) return 'too_many_interests';
  return undefined;
}

/** The first rule a list of answered prompts breaks, if any (answers already trimmed by the schema). */
export function promptsProblem(prompts: readonly PromptAnswer[]): PromptsProblem | undefined {
  if (prompts.some((p) => !promptLabels.has(p.promptId))) return 'unknown_prompt';
  if (new Set(prompts.map((p) => p.promptId)).size !== prompts.length) return 'duplicate_prompt';
  if (prompts.length > MAX_PROMPTS) return 'too_many_prompts';
  if (prompts.some((p) => p.answer.length === 0)) return 'prompt_answer_empty';
  if (prompts.some((p) => p.answer.length > MAX_PROMPT_ANSWER)) return 'prompt_answer_too_long';
  return undefined;
}

