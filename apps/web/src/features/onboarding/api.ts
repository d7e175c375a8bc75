import {
  ownProfile,
  photoUploadResponse,
  placesResponse,
  type OwnPhoto,
  type OwnProfile,
  type ProfileUpdateBody,
} from '@funkeln/contracts/profiles';
import { consentResponse } from '@funkeln/contracts/safety';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const ownProfileQueryKey = ['own-profile'] as const;

export function useOwnProfile() {
  return useQuery({ queryKey: ownProfileQueryKey, queryFn: () => api.get('/me/profile', ownProfile) });
}

export const saveProfile = (body: ProfileUpdateBody): Promise<OwnProfile> => api.put('/me/profile', ownProfile, body);

/** Art. 9 DSGVO: the explicit, separate consent to process gender and wishes. */
export const giveConsent = () => api.put('/me/consent', consentResponse, { orientation: true });

export async function uploadPhoto(file: File): Promise<OwnPhoto> {
  const form = new FormData();
  form.append('file', file);
  return (await api.post('/photos/upload', photoUploadResponse, form)).photo;
}

export const PLACE_QUERY_MIN = 2;
export const PLACE_QUERY_MAX = 60;

/** Home-town suggestions for q (2 to 60 characters); disabled for shorter input. */
export function usePlaces(q: string) {
  const term = q.trim().slice(0, PLACE_QUERY_MAX);
  return useQuery({
    queryKey: ['places', term.toLocaleLowerCase('de')],
    queryFn: () => api.get(`/places?q=${encodeURIComponent(term)}`, placesResponse),
    enabled: term.length >= PLACE_QUERY_MIN,
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
