import type { Db } from '../../db/client.js';
import type { AppModule } from '../../platform/module.js';
import { placesRoutes } from './places.routes.js';
import { PlacesService } from './places.service.js';

/** The place picker and the gazetteer behind every distance. */
export function createPlacesModule({ db }: { db: Db }): AppModule<{ places: PlacesService }> {
  const places = new PlacesService(db);
  return { routes: placesRoutes(places), services: { places }, jobs: [] };
}
