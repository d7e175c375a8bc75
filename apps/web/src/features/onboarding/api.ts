import {
  type OwnPhoto,
  type OwnProfile,
  type ProfileUpdateBody,
} from '@funkeln/contracts/profiles';
import { photosEndpoints } from '@funkeln/contracts/routes/photos';
import { placesEndpoints } from '@funkeln/contracts/routes/places';
import { privacyEndpoints } from '@funkeln/contracts/routes/privacy';
import { profilesEndpoints } from '@funkeln/contracts/routes/profiles';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import * as queryKeys from '../../lib/query-keys';

export const saveProfile = (body: ProfileUpdateBody): Promise<OwnProfile> => call(profilesEndpoints.updateProfile, { body });

/** Art. 9 DSGVO: whether the member has consented to processing gender and wishes. */
export const useConsentState = () => useQuery({ queryKey: queryKeys.consent(), queryFn: () => call(privacyEndpoints.consent) });

/** The explicit, separate consent; given before the profile (gender, wishes) is saved. */
export function useGiveConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(privacyEndpoints.setConsent, { body: { orientation: true } }),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.consent(), data),
  });
}

export async function uploadPhoto(file: File): Promise<OwnPhoto> {
  const form = new FormData();
  form.append('file', file);
  return (await call(photosEndpoints.upload, { body: form })).photo;
}

export const PLACE_QUERY_MIN = 2;
export const PLACE_QUERY_MAX = 60;

/** Home-town suggestions for q (2 to 60 characters); disabled for shorter input. */
export function usePlaces(q: string) {
  const term = q.trim().slice(0, PLACE_QUERY_MAX);
  return useQuery({
    queryKey: queryKeys.places(term.toLocaleLowerCase('de')),
    queryFn: () => call(placesEndpoints.search, { query: { q: term } }),
    enabled: term.length >= PLACE_QUERY_MIN,
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
