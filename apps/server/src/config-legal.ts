import { z } from 'zod';

/** The data protection supervisory authority for businesses, per German federal state (Art. 77 DSGVO). */
const SUPERVISORY_AUTHORITIES = {
  BW: { name: 'Der Landesbeauftragte für den Datenschutz und die Informationsfreiheit Baden-Württemberg', url: 'https://www.baden-wuerttemberg.datenschutz.de' },
  BY: { name: 'Bayerisches Landesamt für Datenschutzaufsicht (BayLDA)', url: 'https://www.lda.bayern.de' },
  BE: { name: 'Berliner Beauftragte für Datenschutz und Informationsfreiheit', url: 'https://www.datenschutz-berlin.de' },
  BB: { name: 'Die Landesbeauftragte für den Datenschutz und für das Recht auf Akteneinsicht Brandenburg', url: 'https://www.lda.brandenburg.de' },
  HB: { name: 'Die Landesbeauftragte für Datenschutz und Informationsfreiheit der Freien Hansestadt Bremen', url: 'https://www.datenschutz.bremen.de' },
  HH: { name: 'Der Hamburgische Beauftragte für Datenschutz und Informationsfreiheit', url: 'https://datenschutz-hamburg.de' },
  HE: { name: 'Der Hessische Beauftragte für Datenschutz und Informationsfreiheit', url: 'https://datenschutz.hessen.de' },
  MV: { name: 'Der Landesbeauftragte für Datenschutz und Informationsfreiheit Mecklenburg-Vorpommern', url: 'https://www.datenschutz-mv.de' },
  NI: { name: 'Die Landesbeauftragte für den Datenschutz Niedersachsen', url: 'https://www.lfd.niedersachsen.de' },
  NW: { name: 'Landesbeauftragte für Datenschutz und Informationsfreiheit Nordrhein-Westfalen', url: 'https://www.ldi.nrw.de' },
  RP: { name: 'Der Landesbeauftragte für den Datenschutz und die Informationsfreiheit Rheinland-Pfalz', url: 'https://www.datenschutz.rlp.de' },
  SL: { name: 'Unabhängiges Datenschutzzentrum Saarland', url: 'https://www.datenschutz.saarland.de' },
  SN: { name: 'Die Sächsische Datenschutz- und Transparenzbeauftragte', url: 'https://www.datenschutz.sachsen.de' },
  ST: { name: 'Der Landesbeauftragte für den Datenschutz Sachsen-Anhalt', url: 'https://datenschutz.sachsen-anhalt.de' },
  SH: { name: 'Unabhängiges Landeszentrum für Datenschutz Schleswig-Holstein', url: 'https://www.datenschutzzentrum.de' },
  TH: { name: 'Thüringer Landesbeauftragter für den Datenschutz und die Informationsfreiheit', url: 'https://www.tlfdi.de' },
} as const;

type State = keyof typeof SUPERVISORY_AUTHORITIES;
const STATES = Object.keys(SUPERVISORY_AUTHORITIES) as [State, ...State[]];

const text = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** The operator's details for the Impressum and the Datenschutz page (parsed by config.ts). */
export const legalEnv = {
  OPERATOR_NAME: text,
  /** Lines separated by commas: 'Funkeln GmbH, Musterstraße 1, 10115 Berlin'. */
  OPERATOR_ADDRESS: text,
  OPERATOR_EMAIL: text.pipe(z.email({ message: 'must be an e-mail address (e.g. kontakt@funkeln.de)' }).optional()),
  OPERATOR_PHONE: text.refine((v) => v === undefined || /^\+?[\d\s()/-]{6,30}$/.test(v), { message: 'must be a phone number (e.g. +49 30 1234567)' }),
  /** Who represents a company (e.g. 'Geschäftsführerin: Erika Mustermann'). */
  OPERATOR_REPRESENTATIVE: text,
  /** Register court and number, e.g. 'Amtsgericht Charlottenburg, HRB 123456 B'. */
  OPERATOR_REGISTER: text,
  OPERATOR_VAT_ID: text.refine((v) => v === undefined || /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(v.replace(/\s/g, '')), {
    message: 'must be a VAT identification number (e.g. DE123456789)',
  }),
  /** The federal state of the operator's seat: picks the supervisory authority. */
  OPERATOR_STATE: text.pipe(z.enum(STATES, { message: `must be one of ${STATES.join(', ')}` }).optional()),
  /** Where requests about personal data go (default: OPERATOR_EMAIL). */
  PRIVACY_EMAIL: text.pipe(z.email({ message: 'must be an e-mail address' }).optional()),
  /** The data protection officer's name and contact, where one is appointed. */
  DPO_CONTACT: text,
  /** Another supervisory authority than the one of OPERATOR_STATE (e.g. outside Germany). */
  DPA_NAME: text,
  DPA_URL: text.refine((v) => v === undefined || (URL.canParse(v) && new URL(v).protocol === 'https:'), { message: 'must be an https: URL' }),
  /** Processors named on the Datenschutz page ('Name, Sitz'); the mail, storage and model ones default to their host name. */
  HOSTING_PROVIDER: text,
  SMTP_PROVIDER: text,
  STORAGE_PROVIDER: text,
  COMPANION_PROVIDER: text,
  /** How long the operator's log rotation keeps the server's log lines (stated on the Datenschutz page). */
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
};

type LegalEnv = z.output<z.ZodObject<typeof legalEnv>>;

/** Required in production: without them the Impressum would be incomplete. */
const REQUIRED = ['OPERATOR_NAME', 'OPERATOR_ADDRESS', 'OPERATOR_EMAIL'] as const;

const SAMPLE = {
  name: 'Beispiel Dating GmbH',
  address: ['Musterstraße 1', '10115 Berlin', 'Deutschland'],
  email: 'kontakt@example.org',
  phone: '+49 30 1234567',
  representative: 'Geschäftsführerin: Erika Mustermann',
  register: 'Amtsgericht Charlottenburg, HRB 000000 B',
  vatId: 'DE000000000',
};
const SAMPLE_STATE: State = 'BE';

/** The issues for config.ts's superRefine: in production every required detail and an authority. */
export function legalIssues(c: LegalEnv, production: boolean): { path: string; message: string }[] {
  if (!production) return [];
  const issues: { path: string; message: string }[] = REQUIRED.filter((k) => !c[k]).map((path) => ({
    path,
    message: 'is required in production (it goes into the Impressum)',
  }));
  if (!c.OPERATOR_STATE && !c.DPA_NAME) {
    issues.push({ path: 'OPERATOR_STATE', message: `is required in production (it names the supervisory authority; or set DPA_NAME): one of ${STATES.join(', ')}` });
  }
  if (c.DPA_URL && !c.DPA_NAME) issues.push({ path: 'DPA_NAME', message: 'must be set with DPA_URL' });
  return issues;
}

/** The operator as the legal pages show it; outside production a marked sample stands in for missing details. */
export function legalConfig(c: LegalEnv) {
  const complete = Boolean(c.OPERATOR_NAME && c.OPERATOR_ADDRESS && c.OPERATOR_EMAIL && (c.OPERATOR_STATE || c.DPA_NAME));
  const operator = complete
    ? {
        name: c.OPERATOR_NAME ?? '',
        address: (c.OPERATOR_ADDRESS ?? '').split(',').map((l) => l.trim()).filter(Boolean),
        email: c.OPERATOR_EMAIL ?? '',
        phone: c.OPERATOR_PHONE ?? null,
        representative: c.OPERATOR_REPRESENTATIVE ?? null,
        register: c.OPERATOR_REGISTER ?? null,
        vatId: c.OPERATOR_VAT_ID?.replace(/\s/g, '') ?? null,
        sample: false,
      }
    : { ...SAMPLE, sample: true };
  const state = complete ? c.OPERATOR_STATE : SAMPLE_STATE;
  const byState = state ? SUPERVISORY_AUTHORITIES[state] : undefined;
  return {
    operator,
    privacyEmail: c.PRIVACY_EMAIL ?? operator.email,
    dpo: c.DPO_CONTACT ?? null,
    authority: c.DPA_NAME ? { name: c.DPA_NAME, url: c.DPA_URL ?? null } : { name: byState?.name ?? '', url: byState?.url ?? null },
    providers: { hosting: c.HOSTING_PROVIDER ?? null, smtp: c.SMTP_PROVIDER ?? null, storage: c.STORAGE_PROVIDER ?? null, companion: c.COMPANION_PROVIDER ?? null },
    logRetentionDays: c.LOG_RETENTION_DAYS,
  };
}

