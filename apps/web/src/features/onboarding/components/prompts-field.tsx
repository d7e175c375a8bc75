import { MAX_PROMPT_ANSWER, MAX_PROMPTS, PROMPTS, promptLabel, type PromptAnswer } from '@funkeln/contracts/profile-details';
import { useId } from 'react';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { de } from '../../../i18n/de';

interface PromptsFieldProps {
  value: PromptAnswer[];
  onChange: (value: PromptAnswer[]) => void;
  /** Per entry: the message for its question or its answer. */
  errors: ({ promptId?: string | undefined; answer?: string | undefined } | undefined)[];
}

/** Up to 3 questions from the fixed list, each once, with an answer of at most 150 characters. */
export function PromptsField({ value, onChange, errors }: PromptsFieldProps) {
  const id = useId();
  const update = (index: number, change: Partial<PromptAnswer>) => onChange(value.map((p, i) => (i === index ? { ...p, ...change } : p)));
  const unused = PROMPTS.filter((p) => !value.some((v) => v.promptId === p.id));
  return (
    <div className="prompts-field">
      <p className="field__hint">{de.details.promptsHint}</p>
      {value.map((entry, index) => {
        const selectId = `${id}-q${index}`;
        const error = errors[index];
        return (
          <div className="prompts-field__entry" key={index}>
            <div className="field">
              <label className="field__label" htmlFor={selectId}>
                {de.details.question(index + 1)}
              </label>
              <select
                id={selectId}
                className="field__input"
                value={entry.promptId}
                aria-invalid={error?.promptId ? true : undefined}
                aria-describedby={error?.promptId ? `${selectId}-error` : undefined}
                onChange={(e) => update(index, { promptId: e.target.value })}
              >
                <option value="">{de.details.pickQuestion}</option>
                {PROMPTS.filter((p) => p.id === entry.promptId || unused.includes(p)).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.label}
                  </option>
                ))}
              </select>
              {error?.promptId ? (
                <p className="field__error" id={`${selectId}-error`} role="alert">
                  {error.promptId}
                </p>
              ) : null}
            </div>
            <TextAreaField
              label={de.details.answer}
              rows={2}
              maxLength={MAX_PROMPT_ANSWER}
              count={entry.answer.length}
              value={entry.answer}
              error={error?.answer}
              onChange={(e) => update(index, { answer: e.target.value })}
            />
            <button type="button" className="btn btn--ghost prompts-field__remove" onClick={() => onChange(value.filter((_, i) => i !== index))}>
              {de.details.removePrompt(promptLabel(entry.promptId) ?? de.details.question(index + 1))}
            </button>
          </div>
        );
      })}
      {value.length < MAX_PROMPTS ? (
        <button type="button" className="btn btn--secondary" onClick={() => onChange([...value, { promptId: unused[0]?.id ?? '', answer: '' }])}>
          {de.details.addPrompt}
        </button>
      ) : null}
    </div>
  );
}
