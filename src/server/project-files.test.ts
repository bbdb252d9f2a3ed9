import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './db/client';
import { TEMPLATE_DIR } from './features/legal/routes';
import { PROJECT_ROOT, projectPath } from './project-files';
import { BUILT_WEB_ROOT } from './web-app';

describe('the files the server reads at run time', () => {
  it('are found from the checkout root, the folder of package.json', () => {
    expect(PROJECT_ROOT).toBe(path.resolve(import.meta.dirname, '../..'));
    expect(JSON.parse(readFileSync(projectPath('package.json'), 'utf8'))).toMatchObject({ name: 'dmp' });
  });

  it('name the migrations, the legal texts, the state fee caps and the built web app', () => {
    expect(existsSync(path.join(migrationsFolder, 'meta/_journal.json'))).toBe(true);
    expect(existsSync(TEMPLATE_DIR)).toBe(true);
    expect(existsSync(projectPath('data/state_dmp_rules.csv'))).toBe(true);
    expect(BUILT_WEB_ROOT).toBe(path.join(PROJECT_ROOT, 'dist/web'));
  });
});
