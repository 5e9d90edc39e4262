import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  mergeConfigs,
  type SystemContext,
} from '@chakra-ui/react';
import { dialogAnatomy, drawerAnatomy, toastAnatomy } from '@chakra-ui/react/anatomy';
import {
  animationStyles,
  breakpoints as chakraBreakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { recipes, slotRecipes } from './theme-recipes';

type SemanticTokens = typeof semanticTokens;

/**
 * Chakra's semantic tokens with their light values only. Each of its 115 semantic colours has a light
 * and a dark value, and making the system turns both into CSS variables; the app has no dark mode
 * (nothing sets Chakra's `.dark` class), so the dark half was work at every start-up for styles no
 * page can show. Dropping it makes the system about a quarter quicker to build.
 */
function lightOnly<T>(node: T): T {
  if (!node || typeof node !== 'object') return node;
  if ('value' in node) {
    const value = (node as { value: unknown }).value;
    return value && typeof value === 'object' && '_light' in value
      ? { ...node, value: (value as { _light: unknown })._light }
      : node;
  }
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, lightOnly(child)])) as T;
}

/**
 * Chakra's default theme (tokens, global styles, text and layer styles) with only the component
 * recipes the app uses (theme-recipes.ts), instead of `defaultConfig`, which brings every recipe.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints: chakraBreakpoints,
    keyframes,
    tokens,
    semanticTokens: lightOnly<SemanticTokens>(semanticTokens),
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

// Breakpoints are the specification's (sec. 9), not Chakra's defaults; `base` is xs (0).
export const breakpoints = {
  sm: '576px',
  md: '768px',
  lg: '992px',
  xl: '1200px',
  '2xl': '1400px',
} as const;

const config = defineConfig({
  theme: {
    breakpoints,
    tokens: {
      fonts: {
        heading: { value: 'Sarabun, sans-serif' },
        body: { value: 'Sarabun, sans-serif' },
      },
      colors: {
        brand: {
          50: { value: '#e8f4f8' },
          100: { value: '#c5e3ee' },
          200: { value: '#9dd0e2' },
          300: { value: '#6cb8d2' },
          400: { value: '#3f9ec0' },
          500: { value: '#1c7fa3' },
          600: { value: '#136a8b' },
          700: { value: '#0f5c7a' },
          800: { value: '#0b4259' },
          900: { value: '#072d3d' },
          950: { value: '#041c27' },
        },
      },
    },
    // Transition times of specification sec. 9: modal 300 ms with a 150 ms backdrop (the drawer is
    // the same kind of overlay), toasts 300 ms. Only the durations change; the recipes stay Chakra's.
    slotRecipes: {
      dialog: {
        slots: dialogAnatomy.keys(),
        base: {
          backdrop: { _open: { animationDuration: 'fast' }, _closed: { animationDuration: 'fast' } },
          content: { _open: { animationDuration: 'slow' }, _closed: { animationDuration: 'slow' } },
        },
      },
      drawer: {
        slots: drawerAnatomy.keys(),
        base: {
          backdrop: { _open: { animationDuration: 'fast' }, _closed: { animationDuration: 'fast' } },
          content: { _open: { animationDuration: 'slow' }, _closed: { animationDuration: 'slow' } },
        },
      },
      toast: {
        slots: toastAnatomy.keys(),
        base: {
          root: {
            transition: 'translate 300ms, scale 300ms, opacity 300ms, height 300ms, box-shadow 200ms',
            _closed: { transition: 'translate 300ms, scale 300ms, opacity 300ms' },
          },
        },
      },
    },
    semanticTokens: {
      colors: {
        // Lets `colorPalette="brand"` work on every Chakra recipe (buttons, badges, links).
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
  globalCss: {
    // Thai script needs more leading than Latin so stacked vowels and tone marks do not collide.
    body: { lineHeight: '1.7' },
  },
});

let systemCache: SystemContext | undefined;

/**
 * The app's Chakra system, made on first use rather than when this module loads: turning the theme's
 * tokens and recipes into a system is the costliest single step of the app's start-up (about 90 ms
 * on this machine, several times that on a phone), so app-main.tsx runs it as a task of its own.
 */
export function getSystem(): SystemContext {
  systemCache ??= createSystem(mergeConfigs(defaultBaseConfig, chakraTheme), config);
  return systemCache;
}
