/** The operator's details production requires (config-legal.ts), for tests that load a production config. */
export const OPERATOR_ENV = {
  OPERATOR_NAME: 'Funkeln Test GmbH',
  OPERATOR_ADDRESS: 'Teststraße 1, 10115 Berlin',
  OPERATOR_EMAIL: 'kontakt@funkeln.test',
  OPERATOR_STATE: 'BE',
} as const;
