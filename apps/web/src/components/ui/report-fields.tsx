import { type AnyReason, categoryOf, EXPLANATION_MIN, illegalKinds, type ReportCategory, reportCategories, reportReasons } from '@funkeln/contracts/safety';
import { useId } from 'react';
import { de } from '../../i18n/de';
import type { ReportFieldValues } from '../../lib/reports';
import { TextAreaField } from './text-area-field';

const DETAILS_MAX = 2000;
const CATEGORIES = Object.keys(reportCategories) as ReportCategory[];
const REASONS: Record<ReportCategory, [AnyReason, string][]> = {
  house_rules: Object.entries(reportReasons) as [AnyReason, string][],
  illegal: Object.entries(illegalKinds) as [AnyReason, string][],
};

export interface ReportFieldsState {
  category: ReportCategory;
  reason: AnyReason | '';
  details: string;
  goodFaith: boolean;
}

export const emptyReportFields: ReportFieldsState = { category: 'house_rules', reason: '', details: '', goodFaith: false };

/** The values to send, or null while something required is missing (illegal content: explanation and statement). */
export function readyReport(v: ReportFieldsState, goodFaithRequired: boolean): ReportFieldValues | null {
  if (!v.reason) return null;
  const illegal = categoryOf(v.reason) === 'illegal';
  if (illegal && v.details.trim().length < EXPLANATION_MIN) return null;
  if ((illegal || goodFaithRequired) && !v.goodFaith) return null;
  return { reason: v.reason, details: v.details, goodFaith: v.goodFaith };
}

interface ReportFieldsProps {
  value: ReportFieldsState;
  onChange: (next: ReportFieldsState) => void;
}

/** Category (house rules or illegal), the reason from its list, the explanation (required for illegal content) and the good-faith statement. */
export function ReportFields({ value, onChange }: ReportFieldsProps) {
  const reasonId = useId();
  const hintId = useId();
  const illegal = value.category === 'illegal';
  const short = illegal && value.details.length > 0 && value.details.trim().length < EXPLANATION_MIN;
  return (
    <>
      <fieldset className="field report-fields__category">
        <legend className="field__label">{de.report.category}</legend>
        {CATEGORIES.map((c) => (
          <label key={c} className="report-dialog__check">
            <input type="radio" name={`${reasonId}-category`} value={c} checked={value.category === c} onChange={() => onChange({ ...value, category: c, reason: '' })} />
            {de.report.categories[c]}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={reasonId}>
          {illegal ? de.report.illegalKind : de.report.reason}
        </label>
        <select
          id={reasonId}
          className="field__input"
          required
          value={value.reason}
          onChange={(e) => onChange({ ...value, reason: REASONS[value.category].find(([key]) => key === e.target.value)?.[0] ?? '' })}
        >
          <option value="" disabled>
            {de.report.choose}
          </option>
          {REASONS[value.category].map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {illegal ? (
        <p className="muted" id={hintId}>
          {de.report.explanationHint}
        </p>
      ) : null}
      <TextAreaField
        label={illegal ? de.report.explanation : de.report.details}
        rows={3}
        maxLength={DETAILS_MAX}
        count={value.details.length}
        required={illegal}
        error={short ? de.report.explanationTooShort(EXPLANATION_MIN) : undefined}
        value={value.details}
        onChange={(e) => onChange({ ...value, details: e.target.value })}
      />
      <label className="report-dialog__check">
        <input type="checkbox" required={illegal} checked={value.goodFaith} onChange={(e) => onChange({ ...value, goodFaith: e.target.checked })} />
        {de.report.goodFaith}
      </label>
    </>
  );
}
