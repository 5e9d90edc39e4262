import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recipes as allRecipes, slotRecipes as allSlotRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { getSystem } from './theme';

const system = getSystem();

// The app's Chakra system carries only some recipes (theme-recipes.ts). A component imported from
// Chakra whose recipe is missing would render unstyled: this names it.

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const IMPORT = /import\s*(?:type\s*)?\{([^}]+)\}\s*from\s*'@chakra-ui\/react'/g;
/** Recipes a component uses besides its own. */
const ALSO_USES: Record<string, string[]> = {
  checkbox: ['checkmark'],
  radioGroup: ['radiomark'],
  closeButton: ['button'],
  iconButton: ['button'],
  toaster: ['toast'],
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'gql' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('theme recipes', () => {
  it('style every Chakra component the app imports', () => {
    const known = new Set([...Object.keys(allRecipes), ...Object.keys(allSlotRecipes)]);
    const missing = new Set<string>();
    for (const file of sources(src)) {
      for (const [, names] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        for (const raw of names.split(',')) {
          const name = raw
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0];
          if (!/^[A-Z]/.test(name)) continue;
          const key = name[0].toLowerCase() + name.slice(1);
          for (const recipe of [key, ...(ALSO_USES[key] ?? [])]) {
            if (known.has(recipe) && !system.getRecipe(recipe) && !system.getSlotRecipe(recipe)) {
              missing.add(`${recipe} (${name} in ${file.slice(src.length + 1)})`);
            }
          }
        }
      }
    }
    expect([...missing]).toEqual([]);
  });
});
