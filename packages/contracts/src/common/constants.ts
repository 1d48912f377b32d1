/**
 * Business constants. Every limit the forms show and the server enforces is read from here.
 */
export const LIMITS = {
  taskName: { max: 20 },
  pauseSeconds: { min: 1, max: 10 },
  upload: { maxBytes: 200 * 1024 * 1024, recommendedExtraColumns: 10, extension: '.csv' },
  accountPassword: { min: 8, max: 32 },
  selfPassword: { min: 6, max: 16 },
  profileAlias: { min: 5, max: 10 },
  processorAlias: { min: 1, max: 10 },
  projectName: { min: 2, max: 30 },
  companyName: { min: 1, max: 100 },
  companySuffix: { min: 1, max: 100 },
  voiceNickname: { min: 1, max: 20 },
  tagAlias: { max: 30 },
  transferText: { max: 100 },
  advertisingWords: { max: 200 },
  frameRate: { min: 1, max: 30 },
  bitrate: { min: 150, max: 1800 },
} as const;

export const APP_DEFAULTS = {
  menuWidth: 220,
  themeColor: '#165DFF',
  defaultRoute: '/dashboard/workplace',
  settingsDrawerWidth: 300,
  errorToastMs: 5000,
} as const;

export const PAGINATION = { defaultPage: 1, defaultPageSize: 10, maxPageSize: 100 } as const;

export const AUTH_COOKIE = 'Authorization';
export const LOCALE_STORAGE_KEY = 'arco-locale';
/** Header the console sends with its chosen locale; the server answers errors in it. */
export const LOCALE_HEADER = 'x-dialwise-locale';
export const TRACE_HEADER = 'x-trace-id';

/** Real-time dashboard intervals; real-time concurrency only for today's data. */
export const DASHBOARD_INTERVALS = ['10m', '30m', '1h', '1d'] as const;

/** Session lifetimes: a plain sign-in lasts a working day, "remember me" a month. */
export const SESSION_TTL = { defaultMs: 12 * 60 * 60 * 1000, rememberMs: 30 * 24 * 60 * 60 * 1000 } as const;

/** Failed sign-ins allowed per user name and per client address in the window before answering 429. */
export const LOGIN_THROTTLE = { maxFailures: 5, windowMs: 15 * 60 * 1000 } as const;
