import type { AppModule, Platform } from '../../platform/module.js';
import { legalRoutes } from './legal.routes.js';

/** The facts behind the Impressum and the Datenschutz page (GET /api/legal). */
export function createLegalModule({ config }: Pick<Platform, 'config'>): AppModule<Record<string, never>> {
  return { routes: legalRoutes(config), services: {}, jobs: [] };
}
