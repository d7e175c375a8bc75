import type { Gender } from '@funkeln/contracts/profiles';
import type { Rng } from './random.js';

/** Jobs as [female, male, neutral] forms, so every sentence reads right for every member. */
const JOBS: readonly (readonly [string, string, string])[] = [
  ['Lehrerin', 'Lehrer', 'Lehrkraft'],
  ['Krankenpflegerin', 'Krankenpfleger', 'Pflegefachkraft'],
  ['Softwareentwicklerin', 'Softwareentwickler', 'Softwareentwickler*in'],
  ['Architektin', 'Architekt', 'Architekt*in'],
  ['Grafikdesignerin', 'Grafikdesigner', 'Grafikdesigner*in'],
  ['Tischlerin', 'Tischler', 'Tischler*in'],
  ['Ingenieurin', 'Ingenieur', 'Ingenieur*in'],
  ['Erzieherin', 'Erzieher', 'Erzieher*in'],
  ['Physiotherapeutin', 'Physiotherapeut', 'Physiotherapeut*in'],
  ['Köchin', 'Koch', 'Koch*Köchin'],
  ['Studentin', 'Student', 'Student*in'],
  ['Polizistin', 'Polizist', 'Polizist*in'],
  ['Journalistin', 'Journalist', 'Journalist*in'],
  ['Buchhändlerin', 'Buchhändler', 'Buchhändler*in'],
  ['Tierärztin', 'Tierarzt', 'Tierärzt*in'],
  ['Elektrikerin', 'Elektriker', 'Elektriker*in'],
  ['Projektmanagerin', 'Projektmanager', 'Projektmanager*in'],
  ['Fotografin', 'Fotograf', 'Fotograf*in'],
  ['Sozialarbeiterin', 'Sozialarbeiter', 'Sozialarbeiter*in'],
  ['Apothekerin', 'Apotheker', 'Apotheker*in'],
  ['Gärtnerin', 'Gärtner', 'Gärtner*in'],
  ['Musikerin', 'Musiker', 'Musiker*in'],
];

const INTROS = [
  'Ich bin {job} und liebe, was ich mache.',
  'Von Beruf {job}, in der Freizeit lieber draußen als drinnen.',
  '{job} aus Leidenschaft.',
  'Tagsüber {job}, abends gern auf dem Sofa mit einem guten Buch.',
  'Ich arbeite als {job} und brauche nach Feierabend frische Luft.',
  'Hauptberuflich {job}, nebenbei begeistert von allem, was mit Essen zu tun hat.',
];

const HOBBIES = [
  'Am Wochenende findet man mich auf dem Wochenmarkt oder beim Wandern.',
  'Ich koche leidenschaftlich gern – am liebsten für Freunde.',
  'Ohne Kaffee geht bei mir morgens gar nichts.',
  'Ich spiele Gitarre, leider nur mittelmäßig.',
  'Im Sommer am See, im Winter in der Sauna.',
  'Bouldern, Yoga und ab und zu ein Halbmarathon.',
  'Ich liebe Flohmärkte, alte Filme und lange Spaziergänge.',
  'Serienabende mit Pizza sind genau mein Ding.',
  'Ich fahre jeden Tag Rad, auch bei Regen.',
  'Brettspiele? Immer! Aber ich verliere ungern.',
  'Mein Balkon ist ein kleiner Dschungel.',
  'Ich reise gern – zuletzt war ich in Portugal.',
  'Konzerte, Festivals und Karaoke – ich bin dabei.',
  'Ich backe das beste Bananenbrot der Stadt (sagen meine Freunde).',
  'Ich lese viel, am liebsten Krimis.',
  'Hundemensch durch und durch.',
  'Katzenmensch, aber Hunde mag ich auch.',
  'Ich tanze gern, auch wenn es keiner sehen will.',
  'Sonntags gibt es bei mir Tatort und Tee.',
  'Ich bin gern auf dem Wasser – Kanu, SUP, egal was.',
];

const CLOSERS = [
  'Schreib mir gern, wenn du ähnlich tickst!',
  'Ich freue mich auf nette Nachrichten. 😊',
  'Bonuspunkte, wenn du mir ein gutes Café zeigst.',
  'Eher ruhig, aber ich taue schnell auf.',
  'Humor ist mir wichtig – Selbstironie auch.',
  'Frag mich nach meinem Lieblingsrezept!',
  'Ehrlich, neugierig und manchmal etwas verpeilt.',
];

const LOOKING_FOR = [
  'Jemanden zum Lachen und für lange Gespräche.',
  'Eine ehrliche Beziehung auf Augenhöhe.',
  'Erst mal Kaffee, dann sehen wir weiter.',
  'Jemanden, der spontan ist und trotzdem zuverlässig.',
  'Jemanden für Abenteuer und gemütliche Sofaabende.',
  'Nichts Oberflächliches – ich suche etwas Echtes.',
  'Einen Menschen, mit dem ich die Stadt neu entdecken kann.',
  'Gute Gespräche, gemeinsames Kochen und vielleicht mehr.',
  'Jemanden, der auch mal den ersten Schritt macht.',
  'Ein Date im Biergarten wäre ein guter Anfang.',
  'Eine feste Beziehung – ganz ohne Eile.',
  'Jemanden mit Humor, der sich selbst nicht zu ernst nimmt.',
  'Jemanden, dem Familie genauso wichtig ist wie mir.',
  'Eine Begleitung für Konzerte, Ausstellungen und Roadtrips.',
];

const FORM: Record<Gender, 0 | 1 | 2> = { female: 0, male: 1, diverse: 2 };

/** Two to three sentences: job, a hobby or two, sometimes a closing line. */
export function aboutMe(rng: Rng, gender: Gender): string {
  const job = rng.pick(JOBS)[FORM[gender]];
  const parts = [rng.pick(INTROS).replace('{job}', job)];
  const first = rng.pick(HOBBIES);
  parts.push(first);
  if (rng.chance(0.4)) {
    const second = rng.pick(HOBBIES);
    if (second !== first) parts.push(second);
  }
  if (rng.chance(0.5)) parts.push(rng.pick(CLOSERS));
  const text = parts.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One or two sentences. */
export function lookingFor(rng: Rng): string {
  const first = rng.pick(LOOKING_FOR);
  const second = rng.pick(LOOKING_FOR);
  return rng.chance(0.35) && second !== first ? `${first} ${second}` : first;
}
