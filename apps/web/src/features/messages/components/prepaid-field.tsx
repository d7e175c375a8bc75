import type { ComponentProps } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { de } from '../../../i18n/de';

type PrepaidFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'hint' | 'type' | 'inputMode' | 'min' | 'step'>;

/** 'Vorbezahlte Antwort (Credits)': whole credits from 0, in the new-message form and behind the composer's '+'. */
export function PrepaidField(props: PrepaidFieldProps) {
  return <TextField label={de.messages.prepaidReply} hint={de.messages.prepaidHint} type="number" inputMode="numeric" min={0} step={1} {...props} />;
}
