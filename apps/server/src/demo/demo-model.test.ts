import { readFileSync } from 'node:fs';
import type { ConversationLine } from '@dialwise/contracts';
import { describe, expect, it } from 'vitest';
import { analysisQuestion } from '../conversation/analyze-call.ts';
import { demoReply } from './demo-model.ts';

const system = {
  role: 'system',
  content: 'You are Lin, a friendly renewal assistant of AcmeOutreach.\n\nCall information:\nReply in English.',
};
const opening = {
  role: 'assistant',
  content: 'Hello Li A. This is Lin from AcmeOutreach, calling about your membership renewal. Do you have a minute?',
};
const REFEREE =
  'Decide what to do with the last thing the callee said. Answer with one word: ANSWER (reply normally), HANGUP (end the call politely) or TRANSFER (hand over to a human agent).';

/** Runs the callee's lines through the demo model as the runtime would: the referee, then the main answer. */
function converse(callee: string[]) {
  const messages = [system, opening];
  const verdicts: string[] = [];
  for (const line of callee) {
    messages.push({ role: 'user', content: line });
    const verdict = demoReply([...messages, { role: 'user', content: REFEREE }]);
    verdicts.push(verdict);
    if (verdict !== 'ANSWER') break;
    messages.push({ role: 'assistant', content: demoReply(messages) });
  }
  return {
    answers: messages
      .filter((m) => m.role === 'assistant')
      .slice(1)
      .map((m) => m.content),
    verdicts,
  };
}

function analyse(lines: string[]) {
  const asked = `The finished call:\n${lines.join('\n')}\n\nAllowed tags: renewed, not_interested, call_back_later\nAnswer with JSON only: {"tags": [], "summary": "two sentences"}`;
  return JSON.parse(
    demoReply([
      { role: 'system', content: 'Summarise.' },
      { role: 'user', content: asked },
    ]),
  ) as { tags: string[]; summary: string };
}

describe('the demo model keeps the conversation', () => {
  it('answers "who is this?" with who is calling and why', () => {
    const { answers } = converse(['Hi, who is this?']);
    expect(answers[0]).toMatch(/Lin from AcmeOutreach|Lin at AcmeOutreach/);
    expect(answers[0]).toMatch(/membership|plan/);
  });

  it('never gives the same answer twice in a row, even to the same question', () => {
    const { answers } = converse([
      'How much does it cost?',
      'How much does it cost?',
      'Okay, tell me more.',
      'Okay, tell me more.',
      'Hello?',
      'Hello?',
    ]);
    for (let i = 1; i < answers.length; i++) expect(answers[i]).not.toBe(answers[i - 1]);
  });

  it('moves to its goal and ends the call: an offer, the yes, the renewal registered, then the hang-up', () => {
    const { answers, verdicts } = converse(['Okay, tell me more.', 'Yes, please renew it.', 'Thanks.']);
    expect(answers[0]).toMatch(/renew it for you/);
    expect(answers[1]).toMatch(/register the renewal/);
    expect(verdicts.at(-1)).toBe('HANGUP');
  });

  it('a call that goes round in circles is wrapped up and ended', () => {
    const { verdicts } = converse(Array.from({ length: 12 }, () => 'Hmm.'));
    expect(verdicts.at(-1)).toBe('HANGUP');
    expect(verdicts.length).toBeLessThanOrEqual(9);
  });

  it('hands a request for a person to the transfer and a no to the hang-up', () => {
    expect(converse(['Can I talk to a real person?']).verdicts).toEqual(['TRANSFER']);
    expect(converse(["Sorry, I'm not interested."]).verdicts).toEqual(['HANGUP']);
  });
});

describe('the demo analysis is faithful to what was said', () => {
  it('says only what the AI said, and tags renewed only on the callee’s explicit yes to an offer', () => {
    const useful = analyse([
      'AI: Hello Li A. This is Lin from AcmeOutreach.',
      'Customer: That sounds useful.',
      'AI: Would you like me to renew it for you?',
      'Customer: Okay, tell me more.',
    ]);
    expect(useful.tags).toEqual([]);
    expect(useful.summary).not.toMatch(/ends this month|expires/);
    const renewed = analyse([
      'AI: Your plan ends at the end of this month. Would you like me to renew it for you?',
      'Customer: Yes, please renew it.',
      'AI: Great, I will register the renewal now.',
    ]);
    expect(renewed.tags).toEqual(['renewed']);
    expect(renewed.summary).toMatch(/ends this month.*agreed to renew/);
  });

  it('a callee who said nothing is summarised as such; not interested and call back later need their words', () => {
    expect(analyse(['AI: Hello Li A. This is Lin from AcmeOutreach.']).summary).toMatch(/said nothing/);
    expect(analyse(['AI: Hello.', "Customer: Sorry, I'm not interested."]).tags).toEqual(['not_interested']);
    expect(analyse(['AI: We will call you back at a better time.', 'Customer: Hello?']).tags).toEqual([]);
  });
});

/**
 * Conversations recorded by `BENCH_TRANSCRIPTS=… npm run bench:heard -- 50 --speech` (the demo task's plan, the
 * demo model, the simulated callees; 29 November 2026, a loaded machine: lines cut by barge-in and hang-ups,
 * fillers, hellos said over the opening, callees asking whether we are still there) and the last four by
 * `npm run bench:heard:sip` (real SIP and the offline recogniser's words: wake-ups, lines it did not hear), as
 * the call records store them. Each goes through the analysis exactly as a finished call does (analysisQuestion), and what comes back
 * is checked against the words in it, by rules written here apart from the demo model's own.
 */
const recorded = JSON.parse(
  readFileSync(new URL('../../test/recorded-conversations.json', import.meta.url), 'utf8'),
) as ConversationLine[][];

describe('the demo analysis on recorded demo conversations', () => {
  const TAGS = ['renewed', 'not_interested', 'call_back_later'];
  const said = (conversation: ConversationLine[], speaker: 'ai' | 'customer') =>
    conversation.filter((line) => line.speaker === speaker && !line.filler).map((line) => line.text);
  /** The callee's yes, right after an offer to renew that they heard. */
  const agreedToRenew = (conversation: ConversationLine[]) =>
    conversation.some(
      (line, i) =>
        line.speaker === 'customer' &&
        /^(yes|yeah|sure)\b/i.test(line.text) &&
        /renew it for you/i.test(
          conversation
            .slice(0, i)
            .reverse()
            .find((before) => before.speaker === 'ai' && !before.filler)?.text ?? '',
        ),
    );

  it.each(recorded.map((conversation, index) => ({ index, conversation })))('conversation $index', ({ conversation }) => {
    const answer = JSON.parse(
      demoReply([
        { role: 'system', content: 'Summarise the finished call in two sentences.' },
        { role: 'user', content: analysisQuestion(conversation, TAGS) },
      ]),
    ) as { tags: string[]; summary: string };
    const ai = said(conversation, 'ai').join(' ');
    const customer = said(conversation, 'customer').join(' ');
    // What the summary says the AI told was said by the AI, in what the callee heard of its lines.
    if (/plan ends this month/.test(answer.summary)) expect(ai).toMatch(/ends this month|end of this month|expires/i);
    if (/renewal price/.test(answer.summary)) expect(ai).toMatch(/99 yuan/i);
    if (/asked about[^.]*the price/.test(answer.summary)) expect(customer).toMatch(/how much|cost|price/i);
    if (/asked about[^.]*a person/.test(answer.summary)) expect(customer).toMatch(/person|agent|human/i);
    if (/asked about[^.]*who was calling/.test(answer.summary)) expect(customer).toMatch(/who is this|who's calling/i);
    // A tag needs the callee's own words for it, and their words for it give the tag.
    expect(answer.tags.includes('renewed')).toBe(agreedToRenew(conversation));
    expect(answer.tags.includes('not_interested')).toBe(/not interested|take me off|don't have time|don't call/i.test(customer));
    expect(answer.tags.includes('call_back_later')).toBe(
      /call me (back )?later|call me back|another time|i'?m busy|i am busy/i.test(customer),
    );
    expect(/agreed to renew/.test(answer.summary)).toBe(answer.tags.includes('renewed'));
  });
});
