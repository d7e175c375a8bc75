import { settingInput } from '@funkeln/contracts/settings';
import { useId } from 'react';
import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { SwitchField } from '../../../components/ui/switch-field';
import { TextField } from '../../../components/ui/text-field';
import { de } from '../../../i18n/de';

type Values = Record<string, string>;

interface SettingFieldProps {
  name: string;
  control: Control<Values>;
  register: UseFormRegister<Values>;
}

const labels: Partial<Record<string, string>> = de.admin.settingLabels;
const hints: Partial<Record<string, string>> = de.admin.settingHints;
const choices: Partial<Record<string, string>> = de.admin.settingChoices;

/** One setting as the contract describes it: a switch, a number field with its bounds, a choice, lines of text, or text for an unknown key. */
export function SettingField({ name, control, register }: SettingFieldProps) {
  const input = settingInput(name);
  const label = labels[name] ?? name;
  // The key stays visible: documentation and the API name settings by it.
  const hint = [hints[name], de.admin.settingKey(name)].filter(Boolean).join(' ');
  if (input?.kind === 'switch') {
    return (
      <Controller
        name={name}
        control={control}
        render={({ field }) => (
          <SwitchField
            role="switch"
            label={label}
            hint={hint}
            name={field.name}
            ref={field.ref}
            checked={field.value === 'true'}
            onBlur={field.onBlur}
            onChange={(e) => field.onChange(e.target.checked ? 'true' : 'false')}
          />
        )}
      />
    );
  }
  if (input?.kind === 'choice') return <ChoiceField name={name} label={label} hint={hint} options={input.options} register={register} />;
  if (input?.kind === 'lines') return <LinesField name={name} label={label} hint={hint} maxLength={input.maxLength} register={register} />;
  if (input?.kind === 'number') return <TextField label={label} hint={hint} type="number" min={input.min} max={input.max} step={input.step} {...register(name)} />;
  return <TextField label={label} hint={hint} autoComplete="off" spellCheck={false} {...register(name)} />;
}

function ChoiceField({ name, label, hint, options, register }: { name: string; label: string; hint: string; options: readonly string[]; register: UseFormRegister<Values> }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" aria-describedby={`${id}-hint`} {...register(name)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {choices[option] ?? option}
          </option>
        ))}
      </select>
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  );
}

/** A list, one entry a line (the classifier's word list). */
function LinesField({ name, label, hint, maxLength, register }: { name: string; label: string; hint: string; maxLength: number; register: UseFormRegister<Values> }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className="field__input field__input--area" rows={6} maxLength={maxLength} spellCheck={false} aria-describedby={`${id}-hint`} {...register(name)} />
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  );
}
