import { COMPANION_CONTENT_MAX, memoryBody } from '@funkeln/contracts/companion';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Notice } from '../../../components/ui/notice';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { de } from '../../../i18n/de';
import { errorMessage } from '../../../lib/api-error';
import { useSaveMemory } from '../api';
import { isUnauthorized, LoginRedirect } from '../login-redirect';

/** 'Haustier, Familie' becomes ['Haustier', 'Familie'] (empty and repeated ones dropped); the contract's tag rules apply to the list. */
const tagList = z.string().transform((text, ctx) => {
  const parsed = memoryBody.shape.tags.safeParse([...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))]);
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? de.companion.saveFailed });
  return z.NEVER;
});
const memoryFields = z.object({ content: memoryBody.shape.content, tags: tagList });
type FormInput = z.input<typeof memoryFields>;
type FormOutput = z.output<typeof memoryFields>;

/** 'Erinnerung speichern': a text the Digital Friend keeps and comma-separated tags. */
export function MemoryForm() {
  const save = useSaveMemory();
  const { register, handleSubmit, reset, control, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(memoryFields),
    defaultValues: { content: '', tags: '' },
  });
  const content = useWatch({ control, name: 'content' });
  if (isUnauthorized(save.error)) return <LoginRedirect />;

  const onSubmit = async (values: FormOutput) => {
    try {
      await save.mutateAsync(values);
      reset();
    } catch {
      // The notice below shows the failure; the typed text stays.
    }
  };

  return (
    <form className="form companion-memory__form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextAreaField
        label={de.companion.memoryText}
        rows={2}
        maxLength={COMPANION_CONTENT_MAX}
        count={content.length}
        error={formState.errors.content?.message}
        {...register('content')}
      />
      <TextField label={de.companion.memoryTags} hint={de.companion.memoryTagsHint} autoComplete="off" error={formState.errors.tags?.message} {...register('tags')} />
      {save.isError ? <Notice tone="error">{errorMessage(save.error, de.companion.saveFailed)}</Notice> : null}
      {save.isSuccess && !formState.isDirty ? <Notice tone="success">{de.companion.memorySaved}</Notice> : null}
      <button type="submit" className="btn btn--primary" disabled={formState.isSubmitting}>
        {de.companion.memorySave}
      </button>
    </form>
  );
}
