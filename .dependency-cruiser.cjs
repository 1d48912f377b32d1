// The server's layers, bottom first (docs/architecture.md draws them). A folder may import its own layer and
// the layers below it, never one above; no two folders, and no two modules, may import each other round a
// loop. `npm test` runs this (`npm run layers`), so a wrong-way import or a new cycle fails the suite.
const SRC = 'apps/server/src';

const LAYERS = [
  // Shared kit with no product knowledge: the request edge's errors and envelope, the database, outbound
  // HTTP, sealed secrets, PCM audio, the configuration.
  { name: 'foundation', folders: ['http', 'db', 'net', 'secrets', 'audio'], files: ['config.ts'] },
  // A call's media and the engines that run on a call, with no tenant or screen in sight.
  { name: 'telephony', folders: ['telephony'] },
  { name: 'call engines', folders: ['conversation', 'speech', 'amd'] },
  // What every product area leans on: who is asking, what they may do, the audit writer's readers, notices.
  { name: 'platform', folders: ['auth', 'audit', 'entitlements', 'messages'] },
  // The product, one folder per area (the web console has the same names).
  {
    name: 'product areas',
    folders: [
      'access-requests',
      'accounts',
      'api-keys',
      'boards',
      'call-records',
      'callbacks',
      'dialer',
      'dnc',
      'operation',
      'profile',
      'projects',
      'seat',
      'sip-lines',
      'subtasks',
      'tasks',
      'templates',
      'webcall',
    ],
  },
  // Wiring: the app that registers every area's routes and plugins, the process entry, the demo that seeds
  // through the areas, and the API client generator (it builds the app to read its document).
  { name: 'app', folders: ['demo', 'api-keys/client'], files: ['app.ts', 'core-plugin.ts', 'main.ts'] },
];

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A path pattern matching every module of the given layers. */
function pathOf(layers) {
  const parts = layers.flatMap((layer) => [
    ...layer.folders.map((folder) => `${escapeRegex(folder)}/`),
    ...(layer.files ?? []).map((file) => `${escapeRegex(file)}$`),
  ]);
  return `^${escapeRegex(SRC)}/(${parts.join('|')})`;
}

// `api-keys/client` belongs to `app` although the rest of `api-keys` is a product area: every rule's `from`
// leaves the app's modules out, so the generator is held to no layer below it.
const appOnly = pathOf([LAYERS.at(-1)]);

const wrongWay = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `wrong-way-from-${layer.name.replace(/ /g, '-')}`,
  comment: `${layer.name} may import only itself and what is below: ${
    LAYERS.slice(0, index)
      .map((below) => below.name)
      .join(', ') || 'nothing else'
  }`,
  severity: 'error',
  from: { path: pathOf([layer]), pathNot: appOnly },
  to: { path: pathOf(LAYERS.slice(index + 1)) },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-area-cycle',
      comment: 'Two server folders import each other (through any path): move the shared piece below both, or orchestrate from above both.',
      severity: 'error',
      scope: 'folder',
      from: { path: `^${escapeRegex(SRC)}/[^/]+$` },
      to: { path: `^${escapeRegex(SRC)}/[^/]+$`, circular: true },
    },
    {
      name: 'no-module-cycle',
      comment: 'Modules that import each other round a loop (types included): one of them holds what both need.',
      severity: 'error',
      from: { path: `^(${escapeRegex(SRC)}|packages/contracts/src)/` },
      to: { circular: true },
    },
    {
      name: 'no-layer',
      comment: `Every server folder belongs to a layer: add a new one to LAYERS in .dependency-cruiser.cjs.`,
      severity: 'error',
      from: { path: `^${escapeRegex(SRC)}/`, pathNot: pathOf(LAYERS) },
      to: {},
    },
    ...wrongWay,
    {
      name: 'telephony-through-its-index',
      comment:
        'Outside telephony, import it only through telephony/index.ts (its public surface): export what is really used there, or move a shared piece below telephony (as audio/pcm.ts).',
      severity: 'error',
      from: { path: `^${escapeRegex(SRC)}/`, pathNot: `^${escapeRegex(SRC)}/telephony/` },
      to: { path: `^${escapeRegex(SRC)}/telephony/`, pathNot: `^${escapeRegex(SRC)}/telephony/index\\.ts$` },
    },
    {
      name: 'contracts-stand-alone',
      comment: 'packages/contracts is shared with the browser: it imports no server or web code.',
      severity: 'error',
      from: { path: '^packages/contracts/src/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests may reach across (a test builds the whole app); the layers are about product code.
    exclude: { path: ['\\.test\\.ts$', `^${escapeRegex(SRC)}/.*test-kit\\.ts$`] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
  },
};
