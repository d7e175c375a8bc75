import { MAX_AGE, MIN_AGE, type OwnProfile } from '@funkeln/contracts/profiles';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { SwitchField } from '../../../components/ui/switch-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { de } from '../../../i18n/de';
import { useCurrentUser } from '../../../lib/current-user';
import { ONBOARDING_STEPS } from '../../../lib/onboarding-steps';
import { useConsentState, useGiveConsent } from '../api';
import { formValuesOf, hasContent, profileFormSchema, TEXT_MAX, updateBodyOf, type ProfileFormValues } from '../profile-form-schema';
import { usePickedPhotos } from '../use-picked-photos';
import { useSaveProfile } from '../use-save-profile';
import { ChoiceGroup } from './choice-group';
import { ConsentField } from './consent-field';
import { FormSection } from './form-section';
import { InterestPicker } from './interest-picker';
import { PhotoField } from './photo-field';
import { PlaceCombobox } from './place-combobox';
import { PromptsField } from './prompts-field';
import { SaveBar } from './save-bar';

/** A new member's onboarding one step at a time (issue 56, item 11); without it, every section at once (editing). */
interface GuidedSteps {
  /** The step shown: 0 photo and about, 1 interests, 2 a prompt, 3 basics, search and sharing. */
  step: number;
  onStep: (step: number) => void;
}

/** The form's steps in guided mode; the Top10 step after them lives outside the form. */
export const FORM_STEPS = 4;

interface ProfileFormProps {
  /** The saved profile; kept current by the query cache. */
  profile: OwnProfile;
  guided?: GuidedSteps;
}

export function ProfileForm({ profile, guided }: ProfileFormProps) {
  const hidden = (step: number) => guided !== undefined && guided.step !== step;
  const me = useCurrentUser();
  const schema = useMemo(() => profileFormSchema(profile), [profile]);
  const { register, control, handleSubmit, reset, formState } = useForm<ProfileFormValues>({
    resolver: zodResolver(schema),
    defaultValues: formValuesOf(profile),
  });
  const { errors } = formState;
  const [aboutMe, lookingFor] = useWatch({ control, name: ['aboutMe', 'lookingFor'] });
  const photo = usePickedPhotos();
  const { save, phase, error } = useSaveProfile();
  const [saved, setSaved] = useState(false);
  const [consent, setConsent] = useState(false);
  const consentState = useConsentState();
  const giveConsent = useGiveConsent();

  const onSubmit = async (values: ProfileFormValues) => {
    setSaved(false);
    // Art. 9 DSGVO: the consent is on record before gender and wishes are saved.
    if (consent && consentState.data?.orientation !== 'given') {
      try {
        await giveConsent.mutateAsync();
      } catch {
        return;
      }
    }
    const result = await save({ body: updateBodyOf(values), files: photo.picked.map((p) => p.file), onUploaded: photo.uploaded });
    if (result) photo.clear();
    if (!result) return;
    reset(formValuesOf(result));
    setSaved(true); // the save bar's status region says so (no native alert)
    guided?.onStep(guided.step + 1);
  };

  // Guided: a field the check refuses may sit in another step; that step is shown, with its message.
  const onInvalid = (invalid: FieldErrors<ProfileFormValues>) => {
    if (!guided) return;
    const fields = Object.keys(invalid);
    const step = fields.some((f) => f === 'aboutMe' || f === 'lookingFor') ? 0 : fields.includes('interests') ? 1 : fields.includes('prompts') ? 2 : 3;
    if (step !== guided.step) guided.onStep(step);
  };

  const showViewLink = me !== null && (saved || hasContent(profile));

  return (
    <form className="profile-form" onSubmit={handleSubmit(onSubmit, onInvalid)} noValidate aria-busy={phase !== 'idle'}>
      <div hidden={hidden(0)}>
      <FormSection title={de.onboarding.sections.photo} anchor={ONBOARDING_STEPS.photo}>
        <PhotoField
          photo={profile.photo}
          picked={photo.picked}
          uploading={phase === 'uploading'}
          inputKey={photo.inputKey}
          onPick={(files) => {
            setSaved(false);
            photo.pick(files);
          }}
          onDiscard={photo.clear}
        />
      </FormSection>
      <FormSection title={de.onboarding.sections.about}>
        <TextAreaField
          label={de.onboarding.aboutMe}
          placeholder={de.onboarding.aboutMePlaceholder}
          rows={5}
          maxLength={TEXT_MAX}
          count={aboutMe.length}
          error={errors.aboutMe?.message}
          {...register('aboutMe')}
        />
        <TextAreaField
          label={de.onboarding.lookingFor}
          placeholder={de.onboarding.lookingForPlaceholder}
          rows={4}
          maxLength={TEXT_MAX}
          count={lookingFor.length}
          error={errors.lookingFor?.message}
          {...register('lookingFor')}
        />
      </FormSection>

      </div>

      <div hidden={hidden(1)}>
      <FormSection title={de.details.interestsTitle}>
        <Controller control={control} name="interests" render={({ field }) => <InterestPicker value={field.value} onChange={field.onChange} />} />
      </FormSection>

      </div>

      <div hidden={hidden(2)}>
      <FormSection title={de.details.promptsTitle}>
        <Controller
          control={control}
          name="prompts"
          render={({ field }) => (
            <PromptsField
              value={field.value}
              onChange={field.onChange}
              errors={field.value.map((_, i) => ({ promptId: errors.prompts?.[i]?.promptId?.message, answer: errors.prompts?.[i]?.answer?.message }))}
            />
          )}
        />
      </FormSection>

      </div>

      <div hidden={hidden(3)}>
      <FormSection title={de.onboarding.sections.basics} anchor={ONBOARDING_STEPS.basics}>
        <TextField
          label={de.onboarding.birthDate}
          type="date"
          autoComplete="bday"
          hint={de.onboarding.birthDateHint}
          error={errors.birthDate?.message}
          className="field--date"
          {...register('birthDate')}
        />
        <ChoiceGroup legend={de.onboarding.gender} type="radio" field={register('gender')} error={errors.gender?.message} />
        <Controller
          control={control}
          name="place"
          render={({ field, fieldState }) => (
            <PlaceCombobox
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
      </FormSection>

      <FormSection title={de.onboarding.sections.search} anchor={ONBOARDING_STEPS.search}>
        <ChoiceGroup
          legend={de.onboarding.interestedIn}
          type="checkbox"
          field={register('interestedIn')}
          error={errors.interestedIn?.message}
        />
        <fieldset className="age-range">
          <legend className="field__label">{de.onboarding.ageRange}</legend>
          <div className="age-range__inputs">
            {(['ageMin', 'ageMax'] as const).map((name) => (
              <TextField
                key={name}
                label={name === 'ageMin' ? de.onboarding.ageMin : de.onboarding.ageMax}
                type="number"
                inputMode="numeric"
                min={MIN_AGE}
                max={MAX_AGE}
                step={1}
                error={errors[name]?.message}
                {...register(name, { valueAsNumber: true })}
              />
            ))}
          </div>
        </fieldset>
      </FormSection>

      <ConsentField
        given={consentState.data?.orientation === 'given'}
        checked={consent}
        onChange={setConsent}
        error={giveConsent.isError ? de.onboarding.consentFailed : null}
      />

      <FormSection title={de.onboarding.sections.privacy}>
        <SwitchField label={de.onboarding.shareEnabled} hint={de.onboarding.shareHint} {...register('shareEnabled')} />
      </FormSection>
      </div>

      <SaveBar
        phase={phase}
        saved={saved}
        error={error}
        profileHref={showViewLink ? `/profile/${me.id}` : null}
        onBack={guided && guided.step > 0 ? () => guided.onStep(guided.step - 1) : undefined}
        onSkip={guided ? () => guided.onStep(guided.step + 1) : undefined}
      />
    </form>
  );
}
