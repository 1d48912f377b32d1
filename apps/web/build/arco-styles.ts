import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const ARCO = '@arco-design/web-react';
const arcoRoot = dirname(createRequire(import.meta.url).resolve(`${ARCO}/package.json`));

/** `import { Button, type FormInstance, Grid as G } from '@arco-design/web-react'`: the names inside the braces. */
const ARCO_IMPORT = /^import\s+(?!type\s)\{([^}]*)\}\s+from\s+['"]@arco-design\/web-react['"];?/gm;

/** The components a module takes from Arco's index (type-only names left out). */
export function arcoComponentsImported(code: string): string[] {
  const names = new Set<string>();
  for (const match of code.matchAll(ARCO_IMPORT)) {
    for (const part of match[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]!
        .trim();
      if (name && !name.startsWith('type ')) names.add(name);
    }
  }
  return [...names];
}

/** `es/<Component>/style/css.js`: the component's CSS, after the CSS of the components it draws (Arco lists them). */
function styleModule(component: string): string | undefined {
  const path = `es/${component}/style/css.js`;
  return existsSync(join(arcoRoot, path)) ? `${ARCO}/${path}` : undefined;
}

/**
 * Arco's style sheet per component instead of the whole sheet (565 kB, 48 kB in brotli, on the login page too): each
 * of our modules that imports a component from Arco also imports that component's CSS, so a lazy page brings the
 * styles it draws with and the login page only the few it uses. (What @arco-plugins/vite-react does, in our lines.)
 *
 * Arco's rules go into the cascade layer `arco`. With one sheet, loaded first, our rules (styles.css, the features'
 * CSS) won over Arco's by coming later; now a lazy page's Arco CSS may arrive after ours. Unlayered rules win over
 * layered ones whatever the order, so our overrides hold as they did (and keep needing no `!important`).
 */
export function arcoStyles(): Plugin {
  return {
    name: 'dialwise:arco-styles',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0]!;
      if (path.includes(`/node_modules/${ARCO}/`) && path.endsWith('.css')) return { code: `@layer arco {\n${code}\n}\n`, map: null };
      if (path.includes('/node_modules/') || !/\.tsx?$/.test(path)) return undefined;
      const styles = arcoComponentsImported(code).flatMap((name) => styleModule(name) ?? []);
      if (styles.length === 0) return undefined;
      // Appended: imports are hoisted all the same, and the module's own lines keep their numbers.
      return { code: `${code}\n${styles.map((style) => `import '${style}';`).join('\n')}\n`, map: null };
    },
  };
}
