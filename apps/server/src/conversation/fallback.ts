import type { CallLanguage } from './plan.ts';

/**
 * What the agent says instead of dead air when the model fails (timeout, HTTP error, malformed stream,
 * empty answer), and the polite goodbye after repeated failures. The scenario's own fallback text wins.
 */
const LINES = {
  'en-US': {
    fallback: 'Sorry, could you say that again?',
    goodbye: "I'm sorry, we are having trouble on our side. We will call you back later. Goodbye.",
    noSeat: 'Sorry, no agent is free at the moment.',
    noSeatAgain: "There is still no colleague free, I'm sorry. One will call you back as soon as they can.",
  },
  'zh-CN': {
    fallback: '不好意思，您能再说一遍吗？',
    goodbye: '非常抱歉，我们这边出了点问题，稍后再给您回电，再见。',
    noSeat: '抱歉，暂时没有空闲的人工客服。',
    noSeatAgain: '还是没有空闲的同事，非常抱歉。同事空闲后会尽快给您回电。',
  },
} as const;

export function fallbackLine(language: CallLanguage, scenarioText: string): string {
  return scenarioText.trim() || LINES[language].fallback;
}

export function failureGoodbye(language: CallLanguage): string {
  return LINES[language].goodbye;
}

export function noSeatLine(language: CallLanguage): string {
  return LINES[language].noSeat;
}

/** Said instead of the failure text when it was the last thing said (a second failed transfer in a row): never the same line twice. */
export function noSeatAgainLine(language: CallLanguage): string {
  return LINES[language].noSeatAgain;
}
