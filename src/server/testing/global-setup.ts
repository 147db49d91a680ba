/**
 * The integration project's globalSetup: migrates one template database per run (from the migrations folder as it
 * is now, so a migration added since the last run is in it) and removes it when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { createDatabaseTemplate } from './test-database';

export default async function setup(project: TestProject) {
  const { template, drop } = await createDatabaseTemplate();
  project.provide('databaseTemplate', template);
  return drop;
}
