/** IBAN lengths of the countries members most likely write from; others: 15 to 34 characters. */
const LENGTHS: Record<string, number> = {
  DE: 22, AT: 20, CH: 21, LI: 21, LU: 20, NL: 18, BE: 16, FR: 27, IT: 27, ES: 24, PL: 28, CZ: 24, DK: 18, GB: 22, IE: 22, PT: 25, SE: 24, NO: 15, FI: 18, HU: 28, TR: 26, LT: 20, LV: 21, EE: 20, RO: 24, BG: 22, HR: 21, SI: 19, SK: 24, GR: 27, CY: 28, MT: 31,
};

/** ISO 13616 check: the first four characters moved to the end, letters as 10..35, the number mod 97 is 1. */
export function ibanChecksumValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/u.test(iban)) return false;
  const digits = Array.from(iban.slice(4) + iban.slice(0, 4), (ch) => (ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch)).join('');
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** IBANs with a valid checksum in a text, compact ("DE89 3704 0044 ..." -> "DE8937040044..."). */
export function findIbans(text: string): string[] {
  const found: string[] = [];
  for (const match of text.toUpperCase().matchAll(/\b[A-Z]{2}\d{2}(?:[ \u00A0-]?[A-Z0-9]){11,34}/gu)) {
    const compact = match[0].replace(/[^A-Z0-9]/gu, '');
    const country = compact.slice(0, 2);
    const lengths = LENGTHS[country] ? [LENGTHS[country]] : Array.from({ length: 20 }, (_, i) => 34 - i);
    const iban = lengths.map((n) => compact.slice(0, n)).find((c) => c.length >= 15 && ibanChecksumValid(c));
    if (iban) found.push(iban);
  }
  return found;
}
