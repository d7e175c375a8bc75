import type { GalleryResponse } from '@funkeln/contracts/profiles';
import { accountEndpoints } from '@funkeln/contracts/routes/account';
import { photosEndpoints } from '@funkeln/contracts/routes/photos';
import { profilesEndpoints } from '@funkeln/contracts/routes/profiles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, hrefOf } from '../../lib/api';
import * as queryKeys from '../../lib/query-keys';
import { isTransient } from '../../lib/api-error';

export function usePublicProfile(id: string) {
  return useQuery({
    queryKey: queryKeys.publicProfile(id),
    queryFn: () => call(profilesEndpoints.publicProfile, { params: { id } }),
    // An unknown or hidden profile stays that way; do not ask again.
    retry: (count, error) => isTransient(error) && count < 1,
  });
}

/** Whether the member allows their share page: the settings' switch (same query as the settings page). */
export function useOwnShareEnabled(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.memberSettings(), queryFn: () => call(accountEndpoints.settings), enabled, select: (s) => s.shareEnabled });
}

/** The server-rendered share page with link previews (not a route of this app). */
export const sharePath = (id: string) => hrefOf(profilesEndpoints.sharePage, { params: { id } });

const galleryKey = queryKeys.gallery();

/** The member's own photos in order (up to 6), whatever their state. */
export function useGallery() {
  return useQuery({ queryKey: galleryKey, queryFn: () => call(photosEndpoints.gallery) });
}

/** After a change: the gallery as the server answered, and everything that shows the main photo. */
function useGalleryChanged() {
  const queryClient = useQueryClient();
  return (data?: GalleryResponse) => {
    if (data) queryClient.setQueryData(galleryKey, data);
    else void queryClient.invalidateQueries({ queryKey: galleryKey });
    void queryClient.invalidateQueries({ queryKey: queryKeys.ownProfile() });
    void queryClient.invalidateQueries({ queryKey: ['public-profile'] });
  };
}

export function useAddPhoto() {
  const changed = useGalleryChanged();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call(photosEndpoints.upload, { body: form });
    },
    onSuccess: () => changed(),
  });
}

export function useDeletePhoto() {
  const changed = useGalleryChanged();
  return useMutation({
    mutationFn: (id: string) => call(photosEndpoints.remove, { params: { id } }),
    onSuccess: (data) => changed(data),
  });
}

/** The new order shows at once; a refusal puts the old one back. */
export function useReorderPhotos() {
  const queryClient = useQueryClient();
  const changed = useGalleryChanged();
  return useMutation({
    mutationFn: (ids: string[]) => call(photosEndpoints.reorder, { body: { ids } }),
    onMutate: (ids) => {
      const before = queryClient.getQueryData<GalleryResponse>(galleryKey);
      void queryClient.cancelQueries({ queryKey: galleryKey });
      if (before) {
        const byId = new Map(before.photos.map((p) => [p.id, p]));
        const photos = ids.flatMap((id, position) => {
          const p = byId.get(id);
          return p ? [{ ...p, position }] : [];
        });
        queryClient.setQueryData(galleryKey, { ...before, photos });
      }
      return { before };
    },
    onError: (_error, _ids, context) => queryClient.setQueryData(galleryKey, context?.before),
    onSuccess: (data) => changed(data),
  });
}
