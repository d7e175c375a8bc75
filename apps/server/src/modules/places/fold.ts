/**
 * Search folding for place names. Stored: places.search_name = foldForSearch(name). Queried:
 * every prefix from searchPrefixes(q), so "München", "Munchen", "Muenchen", "muen" and
 * "St. Gallen" / "Sankt Gallen" all find what members mean.
 */

// Letters that NFD does not decompose into a base letter plus a mark.
const LIGATURES: Record<string, string> = { ß: 'ss', œ: 'oe', æ: 'ae', ø: 'o', ł: 'l', đ: 'd' };

/**
 * Lower case, umlauts and other diacritics to the base letter (ä→a, é→e), ß→ss, anything but
 * a-z and 0-9 to one space ("Halle (Saale)" → "halle saale"), and the abbreviation "St." /
 * "St-" before a word spelled out ("st. gallen" → "sankt gallen"), as GeoNames mostly does.
 */
export function foldForSearch(s: string): string {
  return s
    .toLowerCase()
    .replace(/[ßœæøłđ]/g, (ch) => LIGATURES[ch] ?? ch)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/(^| )st (?=\S)/g, '$1sankt ');
}

/** English and German names members may type for places stored under another name. */
const ALIASES: Record<string, string> = {
  munich: 'munchen',
  vienna: 'wien',
  cologne: 'koln',
  nuremberg: 'nurnberg',
  hanover: 'hannover',
  genf: 'geneve',
  geneva: 'geneve',
  neuenburg: 'neuchatel',
  lucerne: 'luzern',
};
const MIN_ALIAS_QUERY = 4; // "co" must not pull Köln to the top of the list

/**
 * The folded prefixes to look up for a member's query (deduplicated, possibly empty): the query
 * itself; with ae/oe/ue read as ä/ö/ü ("muenchen" → "munchen"; both are kept, since "Uelzen"
 * and "Soest" really are spelled so); and the target of an alias the query starts to type.
 */
export function searchPrefixes(q: string): string[] {
  const folded = foldForSearch(q);
  if (!folded) return [];
  const prefixes = new Set([folded, folded.replace(/([aou])e/g, '$1')]);
  if (folded.length >= MIN_ALIAS_QUERY) {
    for (const [alias, target] of Object.entries(ALIASES)) {
      if (alias.startsWith(folded)) prefixes.add(target);
    }
  }
  return [...prefixes];
}
