import type { OwnProfile, ProfileUpdateBody } from '@funkeln/contracts/profiles';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { de } from '../../i18n/de';
import { errorCode, errorMessage } from '../../lib/api-error';
import * as queryKeys from '../../lib/query-keys';
import { saveProfile, uploadPhoto } from './api';

export type SavePhase = 'idle' | 'uploading' | 'saving';

/** The server's sentence when it sent one, else a German fallback chosen by the code. */
export function uploadFailure(error: unknown): string {
  switch (errorCode(error)) {
    case 'file_too_large':
    case 'image_too_large':
    case 'payload_too_large':
      return errorMessage(error, de.photo.tooLarge);
    case 'unsupported_image':
    case 'unsupported_media_type':
      return errorMessage(error, de.photo.unsupported);
    default:
      return errorMessage(error, de.photo.uploadFailed);
  }
}

interface SaveInput {
  body: ProfileUpdateBody;
  /** Picked photos, uploaded one after the other (the first of a new member becomes the main photo). */
  files: File[];
  /** Called for each photo once it is on the server, so a failure after it does not upload it twice. */
  onUploaded: (file: File) => void;
}

/** Upload the picked photos (where there are some), then PUT the profile; the cache follows the answers. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<SavePhase>('idle');
  const [error, setError] = useState<string | null>(null);

  const save = async ({ body, files, onUploaded }: SaveInput): Promise<OwnProfile | null> => {
    setError(null);
    for (const file of files) {
      setPhase('uploading');
      try {
        const photo = await uploadPhoto(file);
        // The form shows the main photo: the first one uploaded where there was none.
        queryClient.setQueryData<OwnProfile>(queryKeys.ownProfile(), (old) => (old && !old.photo ? { ...old, photo } : old));
        onUploaded(file);
      } catch (failure) {
        setError(uploadFailure(failure));
        setPhase('idle');
        return null;
      }
    }
    setPhase('saving');
    try {
      const profile = await saveProfile(body);
      queryClient.setQueryData(queryKeys.ownProfile(), profile);
      return profile;
    } catch (failure) {
      setError(errorMessage(failure, de.onboarding.saveFailed));
      return null;
    } finally {
      setPhase('idle');
    }
  };

  return { save, phase, error };
}
