import { placesQuery, placesResponse } from '../profiles.js';
import { endpoint } from './define.js';

/** The home town picker: open without sign-in (registration needs it). */
export const placesEndpoints = {
  search: endpoint({ method: 'GET', path: '/api/places', auth: 'visitor', query: placesQuery, response: placesResponse, errors: ['validation_error'], tag: 'places' }),
} as const;
