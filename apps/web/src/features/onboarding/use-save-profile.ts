import type { OwnProfile, ProfileUpdateBody } from '@funkeln/contracts/profiles';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { de } from '../../i18n/de';
import { ApiError, errorMessage } from '../../lib/api';
import { ownProfileQueryKey, saveProfile, uploadPhoto } from './api';

export type SavePhase = 'idle' | 'uploading' | 'saving';

function uploadFailure(error: unknown): string {
  const fallback =
    error instanceof ApiError && error.status === 413
      ? de.photo.tooLarge
      : error instanceof ApiError && error.status === 415
        ? de.photo.unsupported
        : de.photo.uploadFailed;
  return errorMessage(error, fallback);
}

interface SaveInput {
  body: ProfileUpdateBody;
  file: File | null;
  /** Called once the photo is on the server, so a failed profile save does not upload it twice. */
  onUploaded: () => void;
}

/** Upload the picked photo (if any), then PUT the profile; the cache follows both answers. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<SavePhase>('idle');
  const [error, setError] = useState<string | null>(null);

  const save = async ({ body, file, onUploaded }: SaveInput): Promise<OwnProfile | null> => {
    setError(null);
    if (file) {
      setPhase('uploading');
      try {
        const photo = await uploadPhoto(file);
        queryClient.setQueryData<OwnProfile>(ownProfileQueryKey, (old) => (old ? { ...old, photo } : old));
        onUploaded();
      } catch (failure) {
        setError(uploadFailure(failure));
        setPhase('idle');
        return null;
      }
    }
    setPhase('saving');
    try {
      const profile = await saveProfile(body);
      queryClient.setQueryData(ownProfileQueryKey, profile);
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
