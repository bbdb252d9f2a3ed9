import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './db/client';
import { TEMPLATE_DIR } from './features/legal/routes';
import { PROJECT_ROOT, projectPath } from './project-files';
import { BUILT_WEB_ROOT } from './web-app';
import { DEFAULT_DATA_DIR } from './env';
import { STATE_RULES_FILE } from './application/plan-fees';
import { buildInputs } from '../../scripts/build-stamp';

describe('the files the server reads at run time', () => {
  it('are found from the checkout root, the folder of package.json', () => {
    expect(PROJECT_ROOT).toBe(path.resolve(import.meta.dirname, '../..'));
    expect(JSON.parse(readFileSync(projectPath('package.json'), 'utf8'))).toMatchObject({ name: 'dmp' });
  });

  it('name the migrations, the legal texts, the state fee caps and the built web app', () => {
    expect(existsSync(path.join(migrationsFolder, 'meta/_journal.json'))).toBe(true);
    expect(existsSync(TEMPLATE_DIR)).toBe(true);
    expect(existsSync(projectPath('src/data/state_dmp_rules.csv'))).toBe(true);
    expect(BUILT_WEB_ROOT).toBe(path.join(PROJECT_ROOT, 'dist/web'));
  });

  it('are in the source tree, never under the default DATA_DIR, which holds only what the server writes', () => {
    // `rm -rf data` (starting afresh) must leave every shipped table, and every build input, in place.
    const dataDir = path.resolve(PROJECT_ROOT, DEFAULT_DATA_DIR);
    const inside = (file: string) => !path.relative(dataDir, file).startsWith('..');
    const imports = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')).imports as Record<
      string,
      string
    >;
    for (const [alias, target] of Object.entries(imports))
      expect(inside(path.resolve(PROJECT_ROOT, target)), alias).toBe(false);
    expect(inside(STATE_RULES_FILE)).toBe(false);
    expect(buildInputs(PROJECT_ROOT).filter((file) => inside(path.resolve(PROJECT_ROOT, file)))).toEqual([]);
  });
});
