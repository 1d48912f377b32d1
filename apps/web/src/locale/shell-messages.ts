import type { Locale } from '@dialwise/contracts';
import shellEnUS from './shell/en-US.json' with { type: 'json' };
import shellZhCN from './shell/zh-CN.json' with { type: 'json' };
import commonEnUS from './common/en-US.json' with { type: 'json' };
import commonZhCN from './common/zh-CN.json' with { type: 'json' };
import formsEnUS from '../forms/locale/en-US.json' with { type: 'json' };
import formsZhCN from '../forms/locale/zh-CN.json' with { type: 'json' };

/**
 * What the console needs before anyone is signed in, in both languages: the shell's strings (`shell/`: login page,
 * exception pages, the request layer's messages, menu titles), the words every area uses alike (`common/`: column
 * heads, buttons, field labels, said once — a page asks for `common.save`, never for its own copy of "Save"; a
 * string joins them when it means the same on every page) and the form kit's own (`forms/locale/`). The areas'
 * strings come with the signed-in console (`loadConsoleMessages` in ./index.ts), so the login page does not carry
 * them (page weight). Server messages arrive already translated (the request layer sends the locale).
 */
export const BOOT_MESSAGES: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  'en-US': { ...shellEnUS, ...commonEnUS, ...formsEnUS },
  'zh-CN': { ...shellZhCN, ...commonZhCN, ...formsZhCN },
};
