import type { AppModule, Platform } from '../platform/module.js';
import { DemoLife, VISIT_EVERY_MS } from './demo-life.js';
import { DEFAULT_DEMO_SEED } from './demo.seeder.js';

/**
 * The demo members' life on a DEMO_DATA instance (created only then; the config refuses DEMO_DATA in
 * production). Its job runs once per minute across the cluster. Not under NODE_ENV=test: the tests'
 * online counts stay exact (they drive DemoLife.tick themselves).
 */
export function createDemoModule({ config, db, events, schedule }: Pick<Platform, 'config' | 'db' | 'events' | 'schedule'>): AppModule<{ demoLife: DemoLife }> {
  const demoLife = new DemoLife(db, events, DEFAULT_DEMO_SEED);
  const live = config.nodeEnv === 'development';
  const jobs = live ? [schedule('demo-life', VISIT_EVERY_MS, async () => void (await demoLife.tick()))] : [];
  return { services: { demoLife }, jobs };
}
