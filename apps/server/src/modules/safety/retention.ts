// How long reports and what comes with them are kept (docs/SAFETY.md; the admin module's daily cleanup prunes them).

/** The attached messages go this long after the decision: the six months in which it can be challenged (DSA Art. 20), and a little more. */
export const EVIDENCE_RETENTION_DAYS = 190;

/** A decided report (reason, explanation, decision) is deleted this long after the decision. */
export const REPORT_RETENTION_DAYS = 365;
