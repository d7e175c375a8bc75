import type { CompanionModel } from './model.js';
import { bestMatch, isQuestion, type Match } from './memory-match.js';
import { CRISIS_REPLY } from './persona.js';
import { acknowledge, feeling, quoted, topics } from './reflect.js';

/** German text folded for matching: lower case, umlauts spelt out. */
function fold(text: string): string {
  return text.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');
}

/** A stable choice among variants: the same message gets the same answer. */
function pick<T>(variants: readonly T[], seed: string): T {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return variants[h % variants.length]!;
}

/** A variant this conversation has not had yet, while there is one. */
function fresh(variants: readonly string[], seed: string, said: readonly string[]): string {
  const unused = variants.filter((v) => !said.some((r) => r.includes(v)));
  return pick(unused.length > 0 ? unused : variants, seed);
}

const intents: { name: string; test: RegExp }[] = [
  { name: 'crisis', test: /(suizid|selbstmord|umbringen|nicht mehr leben|ritzen|selbst ?verletz|mir (etwas|was) an(zu)?tun|sterben will|will sterben|keinen sinn mehr)/ },
  { name: 'recall', test: /(erinner|weisst du (noch|was)|was (habe|hab) ich (dir )?[^?.!]{0,40}(gesagt|erzaehlt|geschrieben)|was weisst du (ueber|von) mir|merkst du dir|wie heisse ich)/ },
  { name: 'identity', test: /(bist du (ein |eine )?(mensch|echt|real|ki|bot|roboter)|wer bist du)/ },
  { name: 'confidence', test: /(nervoes|unsicher|angst|schuechtern|selbstbewusst|trau(e)? mich|mut\b|aufgeregt)/ },
  { name: 'profile', test: /(profil|ueber mich|steckbrief|beschreibung|bio\b)/ },
  { name: 'opener', test: /(erste nachricht|anschreiben|eisbrecher|opener|was (soll|kann) ich (ihr|ihm|denen) schreiben)/ },
  { name: 'date', test: /(date|treffen|ausgehen|verabred)/ },
  { name: 'thanks', test: /(danke|dankeschoen|vielen dank)/ },
  { name: 'greeting', test: /^(hallo|hi|hey|servus|moin|guten (morgen|tag|abend)|gruess)/ },
];

/** An answer from what the member saved or said: the answer part first when there is one, then the source in their words. */
const SOURCES: Record<Match['source'], string> = {
  memory: 'Du hast mich gebeten, mir das zu merken',
  learned: 'Das hast du mir in einem früheren Gespräch erzählt',
  earlier: 'Du hast vorhin geschrieben',
};

function fromMemory(match: Match, seed: string): string {
  const source = `${SOURCES[match.source]}: „${match.text}“`;
  if (!match.answer) return `${source} Hilft dir das weiter?`;
  return `${pick(['Das weiß ich noch', 'Klar, das hast du mir erzählt', 'Wenn ich mich richtig erinnere'], seed)}: ${match.answer}. ${source}`;
}

/** Asked about something that matches nothing saved or said: an honest answer, no guess. */
const NOTHING_MATCHES =
  'Dazu hast du mir noch nichts erzählt – jedenfalls finde ich nichts Passendes. Magst du es mir sagen? Über „Erinnerung speichern“ kannst du mir Dinge mitgeben, die ich mir merken soll.';

const replies: Record<string, readonly string[]> = {
  identity: ['Ich bin eine KI – dein Digital Friend bei Funkeln, kein Mensch und kein Mitglied. Ich gebe dir ehrliche Tipps rund ums Daten. Wobei kann ich helfen?'],
  profile: [
    'Ein guter Profiltext ist konkret statt allgemein: Statt „Ich reise gern“ lieber „Mein letzter Roadtrip ging durch Schottland – nächstes Mal will ich nach Island“. Nenne zwei, drei Dinge, die dich begeistern, und ende mit einer Frage, auf die man leicht antworten kann. Magst du mir erzählen, was dich ausmacht? Dann formulieren wir zusammen.',
    'Für dein Profil: Zeig Persönlichkeit mit einem kleinen, echten Detail, bleib positiv und halte es kurz – drei bis fünf Sätze reichen. Eine Einladung zum Gespräch am Ende („Erzähl mir dein liebstes Frühstückslokal!“) macht das Anschreiben leicht. Was sind deine Hobbys?',
  ],
  opener: [
    'Für die erste Nachricht: Geh auf etwas Konkretes aus dem Profil ein und stell eine offene Frage – zum Beispiel „Du warst in Lissabon? Was war dein Lieblingsort dort?“. Das wirkt interessiert und ist leicht zu beantworten. Worum geht es in dem Profil, das dich anspricht?',
    'Ein guter Eisbrecher ist persönlich und leicht: Greif ein Foto oder einen Satz aus dem Profil auf und verbinde es mit dir („Ich sehe, du kletterst – ich wollte immer mal anfangen. Hast du einen Tipp für Einsteiger?“). Vermeide bloß „Hey, wie geht’s?“.',
  ],
  date: [
    'Ein paar Date-Ideen: ein Spaziergang mit Kaffee zum Mitnehmen, ein Flohmarkt am Sonntag, ein Kochkurs, Minigolf oder ein Museum mit anschließendem Getränk. Fürs erste Treffen ist etwas Kurzes an einem öffentlichen Ort ideal – dann bleibt es entspannt. Was macht ihr beide gern?',
    'Wie wäre es mit etwas, bei dem ihr nebenbei reden könnt: Tischtennis im Park, ein Food-Markt oder eine Bootsfahrt? Plane lieber kurz und schön als lang und anstrengend – Lust auf mehr ist das beste Ende eines ersten Dates.',
  ],
  confidence: [
    'Aufregung ist völlig normal – sie zeigt, dass dir etwas wichtig ist. Ein Tipp: Nimm dir nicht vor, zu beeindrucken, sondern neugierig zu sein. Stell Fragen, hör zu, und erlaub dir, auch mal nicht zu wissen, was du sagen sollst. Was genau macht dich unsicher?',
    'Du musst nicht perfekt sein, um jemandem zu gefallen. Echtheit wirkt stärker als jede einstudierte Zeile. Atme vor dem Treffen kurz durch, erinnere dich an drei Dinge, die du an dir magst – und dann los. Ich glaube an dich!',
  ],
  thanks: ['Sehr gern! Ich bin da, wenn du wieder Lust auf einen Rat hast.', 'Gern geschehen! Viel Glück – und erzähl mir, wie es gelaufen ist.'],
  greeting: ['Hallo! Schön, dass du da bist. Soll ich dir beim Profiltext, bei der ersten Nachricht oder mit Date-Ideen helfen?', 'Hey! Worüber möchtest du heute reden – Profil, Nachrichten, Dates oder einfach, wie es dir geht?'],
  fallback: [
    'Erzähl mir gern etwas mehr dazu – dann kann ich dir einen ehrlichen Rat geben. Ich helfe besonders gern bei Profiltexten, ersten Nachrichten, Date-Ideen und Selbstvertrauen.',
    'Was wäre für dich gerade der nächste kleine Schritt? Wenn du magst, schauen wir zusammen auf dein Profil oder eine Nachricht, die du schreiben möchtest.',
    'Wie geht es dir damit? Wenn du magst, überlegen wir zusammen, was das fürs Daten bedeutet.',
  ],
};

/** Opening lines that name what the member wrote about (T: the quoted topics). */
const ABOUT: readonly ((t: string) => string)[] = [
  (t) => `Du erzählst von ${t} – das möchte ich gern besser verstehen.`,
  (t) => `${t} – das scheint dich gerade zu beschäftigen.`,
  (t) => `Danke, dass du mir von ${t} erzählst.`,
];

/** What she asked about herself: everything she told it in earlier conversations, in her words. */
function whatIKnow(facts: readonly string[]): string {
  return `Das hast du mir bisher über dich erzählt: ${facts.map((f) => `„${f}“`).join(', ')}. Unter „Gespeicherte Erinnerungen“ kannst du jedes davon löschen.`;
}

/**
 * A reply that answers what was said: the feeling it shows and the things it names come first
 * (for advice, only things beyond the topic asked about), then a variant the conversation has not
 * had yet. A short message with neither is quoted back.
 */
function respond(intent: string, latest: string, said: readonly string[]): string {
  const folded = fold(latest);
  const test = intents.find((i) => i.name === intent)?.test;
  const named = topics(latest)
    .filter((t) => !test?.test(fold(t)))
    .slice(0, 2);
  const opening = [feeling(folded), named.length > 0 ? pick(ABOUT, latest)(quoted(named)) : undefined].filter(Boolean);
  const body = fresh(replies[intent] ?? replies.fallback!, latest, said);
  if (opening.length === 0 && intent === 'fallback') return `„${latest.trim().slice(0, 60)}“ – ${body.charAt(0).toLowerCase()}${body.slice(1)}`;
  return [...opening, body].join(' ');
}

const asksWhatIKnow = (folded: string) => /(was weisst du (ueber mich|von mir)|was hast du dir (ueber mich )?gemerkt|was kennst du von mir)/.test(folded);

/** "Wie heißt meine Katze?", "Was ist mein Lieblingsessen?", "Wo wohne ich?": a question about the member's own things. */
const asksAboutOwnThings = (folded: string) =>
  /^(wie|was|wo|wer|wann|welche\w*) (heisst|heissen|ist|sind|war|waren) (mein|meine|meinem|meinen|meiner)\b/.test(folded) ||
  /^(wie|was|wo|woher|als was) (heisse|wohne|lebe|arbeite|mag|liebe|komme) ich\b/.test(folded);

/** Whether a message speaks of self-harm (the reply must then name the Telefonseelsorge). */
export function speaksOfCrisis(text: string): boolean {
  return intents[0]!.test.test(fold(text));
}

/** The embedded offline companion: a deterministic German conversational engine (no model, no network). */
export function createEmbeddedModel(): CompanionModel {
  return {
    kind: 'embedded',
    label: 'eingebaute Offline-Version',
    async complete({ context }) {
      const text = fold(context.latest.trim());
      const intent = intents.find((i) => i.test.test(text))?.name ?? 'fallback';
      if (intent === 'crisis') return CRISIS_REPLY;
      const question = isQuestion(context.latest);
      const match = question ? bestMatch(context.latest, [...context.relevant, ...context.recent], context.earlier, context.facts) : undefined;
      if (match) return fromMemory(match, context.latest);
      if (asksWhatIKnow(text) && context.facts.length > 0) return whatIKnow(context.facts);
      if (intent === 'recall' || (intent === 'fallback' && asksAboutOwnThings(text))) return NOTHING_MATCHES;
      if (!question && context.learned.length > 0) return acknowledge(context.learned);
      return respond(intent, context.latest, context.replies);
    },
  };
}
