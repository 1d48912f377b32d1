import { z } from 'zod/v4';

/**
 * The console's `zod`: the real one, switched to jitless mode before any schema is built.
 *
 * Zod 4 compiles object parsers with `new Function` when the page allows it, and decides so when each object
 * schema is *built* (at module load), probing with `Function('')`. Under our Content-Security-Policy (no
 * 'unsafe-eval') the probe is refused and the browser reports a CSP violation. Jitless mode skips the probe
 * and the compiled parsers (the interpreted path gives the same results; the console parses a few small
 * objects). It must be on before contracts builds its schemas, which a module imported by main.tsx cannot
 * guarantee (contracts and zod are evaluated first), so vite.config.ts points every `import … from 'zod'` of
 * the console build here: whoever imports zod first runs this.
 */
z.config({ jitless: true });

export * from 'zod/v4';
