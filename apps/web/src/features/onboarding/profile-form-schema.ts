import {
  ageOn,
  berlinToday,
  genders,
  MAX_AGE,
  MIN_AGE,
  place,
  TOO_YOUNG,
  type OwnProfile,
  type ProfileUpdateBody,
} from '@funkeln/contracts/profiles';
import { MAX_INTERESTS, MAX_PROMPT_ANSWER } from '@funkeln/contracts/profile-details';
import { z } from 'zod';
import { de } from '../../i18n/de';

export const TEXT_MAX = 1000;

const age = z
  .number({ error: de.onboarding.ageInvalid })
  .int(de.onboarding.ageInvalid)
  .min(MIN_AGE, de.onboarding.ageInvalid)
  .max(MAX_AGE, de.onboarding.ageInvalid);

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The onboarding form. Empty optional answers are simply not sent (the server keeps what it has),
 * but an answer the member gave before cannot be emptied again: the server has no "unset".
 */
export function profileFormSchema(saved: OwnProfile) {
  return z
    .object({
      aboutMe: z.string().max(TEXT_MAX),
      lookingFor: z.string().max(TEXT_MAX),
      birthDate: z.string().refine((v) => v === '' || (isoDay.test(v) && ageOn(v, berlinToday()) >= MIN_AGE), TOO_YOUNG),
      gender: z.union([z.enum(genders), z.literal('')]),
      interestedIn: z.array(z.enum(genders)),
      ageMin: age,
      ageMax: age,
      place: place.nullable(),
      shareEnabled: z.boolean(),
      interests: z.array(z.string()).max(MAX_INTERESTS, de.details.interestsLimit),
      prompts: z.array(
        z.object({
          promptId: z.string().min(1, de.details.questionRequired),
          answer: z.string().trim().min(1, de.details.answerRequired).max(MAX_PROMPT_ANSWER, de.details.answerTooLong(MAX_PROMPT_ANSWER)),
        }),
      ),
    })
    .superRefine((v, ctx) => {
      v.prompts.forEach((p, i) => {
        if (p.promptId && v.prompts.findIndex((q) => q.promptId === p.promptId) < i) {
          ctx.addIssue({ code: 'custom', message: de.details.duplicateQuestion, path: ['prompts', i, 'promptId'] });
        }
      });
      if (v.ageMin > v.ageMax) ctx.addIssue({ code: 'custom', message: de.onboarding.ageOrder, path: ['ageMin'] });
      if (v.birthDate === '' && saved.birthDate) {
        ctx.addIssue({ code: 'custom', message: de.onboarding.birthDateRequired, path: ['birthDate'] });
      }
      if (v.interestedIn.length === 0 && saved.interestedIn.length > 0) {
        ctx.addIssue({ code: 'custom', message: de.onboarding.interestedInRequired, path: ['interestedIn'] });
      }
    });
}

export type ProfileFormValues = z.infer<ReturnType<typeof profileFormSchema>>;

export function formValuesOf(profile: OwnProfile): ProfileFormValues {
  return {
    aboutMe: profile.aboutMe,
    lookingFor: profile.lookingFor,
    birthDate: profile.birthDate ?? '',
    gender: profile.gender ?? '',
    interestedIn: profile.interestedIn,
    ageMin: profile.ageMin,
    ageMax: profile.ageMax,
    place: profile.place,
    shareEnabled: profile.shareEnabled,
    interests: profile.interests,
    prompts: profile.prompts,
  };
}

/** The whole form as PUT body; unanswered optional fields are left out. */
export function updateBodyOf(values: ProfileFormValues): ProfileUpdateBody {
  const interestedIn = genders.filter((g) => values.interestedIn.includes(g));
  return {
    aboutMe: values.aboutMe,
    lookingFor: values.lookingFor,
    ageMin: values.ageMin,
    ageMax: values.ageMax,
    shareEnabled: values.shareEnabled,
    interests: values.interests,
    prompts: values.prompts.map((p) => ({ promptId: p.promptId, answer: p.answer.trim() })),
    ...(values.birthDate ? { birthDate: values.birthDate } : {}),
    ...(values.gender ? { gender: values.gender } : {}),
    ...(interestedIn.length > 0 ? { interestedIn } : {}),
    ...(values.place ? { placeId: values.place.id } : {}),
  };
}

/** Whether the member has saved anything yet (then their public profile is worth a look). */
export function hasContent(profile: OwnProfile): boolean {
  return Boolean(profile.aboutMe || profile.lookingFor || profile.birthDate || profile.photo);
}
