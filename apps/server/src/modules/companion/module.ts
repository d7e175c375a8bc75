import type { Config } from '../../config.js';
import type { AppModule, Platform } from '../../platform/module.js';
import { PriorityGate } from '../../platform/concurrency/priority-gate.js';
import type { SettingsService } from '../settings/index.js';
import type { Ledger } from '../wallet/index.js';
import { companionRoutes } from './companion.routes.js';
import { CompanionService } from './companion.service.js';
import { createEmbeddedModel } from './embedded-engine.js';
import type { CompanionModel } from './model.js';
import { createOpenAiModel } from './openai-model.js';

export interface CompanionModuleDeps extends Pick<Platform, 'config' | 'db' | 'limiter'> {
  ledger: Ledger;
  settings: SettingsService;
  /** Another companion model than the config names (tests). */
  model?: CompanionModel;
}

function modelFrom(config: Config): CompanionModel {
  const m = config.companion.model;
  return m ? createOpenAiModel({ ...m, retries: 2 }) : createEmbeddedModel();
}

/** The AI companion chat (paid per message), at most `companion.concurrency` model calls at once. */
export function createCompanionModule({ config, db, limiter, ledger, settings, model = modelFrom(config) }: CompanionModuleDeps): AppModule<{
  companion: CompanionService;
}> {
  const companion = new CompanionService({ db, model, gate: new PriorityGate(config.companion.concurrency), ledger, settings, limiter });
  return { routes: companionRoutes(companion), services: { companion }, jobs: [] };
}
