import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:console-messages/';
const RESOLVED = '\0console-messages:';
const messagesModule = fileURLToPath(new URL('../src/locale/messages.ts', import.meta.url));

/**
 * `virtual:console-messages/<locale>`: the console's strings in one language. The sources keep both languages side
 * by side ([en-US, zh-CN] pairs, so a missing one is a type error); a visit needs one, and both weighed 29 kB on the
 * wire after sign-in. At build time the module is the one language's dictionary as data (the sources evaluated once
 * with tsx); the dev server re-exports it from the sources, so editing a string still reloads as usual.
 */
export function localeSplit(): Plugin {
  let building = false;
  return {
    name: 'dialwise:locale-split',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `${RESOLVED}${id.slice(PREFIX.length)}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const locale = id.slice(RESOLVED.length);
      if (!building)
        return `import { dictionary } from ${JSON.stringify(messagesModule)};\nexport default dictionary(${JSON.stringify(locale)});\n`;
      const { tsImport } = await import('tsx/esm/api');
      const { dictionary } = (await tsImport(messagesModule, import.meta.url)) as typeof import('../src/locale/messages.ts');
      return `export default ${JSON.stringify(dictionary(locale as Parameters<typeof dictionary>[0]))};\n`;
    },
  };
}
