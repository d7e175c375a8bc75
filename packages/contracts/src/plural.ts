/** German plural forms by Intl.PluralRules, for every count a member reads (web, mails, error messages). */
const rules = new Intl.PluralRules('de-DE');

/** The noun in the form the number needs: plural(1, 'Punkt', 'Punkte') is 'Punkt', plural(0, …) 'Punkte'. */
export const plural = (n: number, one: string, other: string): string => (rules.select(n) === 'one' ? one : other);

/** The number with its noun: count(1, 'Punkt', 'Punkte') is '1 Punkt', count(3, …) '3 Punkte'. */
export const count = (n: number, one: string, other: string): string => `${n} ${plural(n, one, other)}`;

/** '1 Credit', '20 Credits': the app's most counted noun. */
export const credits = (n: number): string => count(n, 'Credit', 'Credits');
