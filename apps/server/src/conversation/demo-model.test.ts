import { describe, expect, it } from 'vitest';
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
      'ai: Hello Li A. This is Lin from AcmeOutreach.',
      'customer: That sounds useful.',
      'ai: Would you like me to renew it for you?',
      'customer: Okay, tell me more.',
    ]);
    expect(useful.tags).toEqual([]);
    expect(useful.summary).not.toMatch(/ends this month|expires/);
    const renewed = analyse([
      'ai: Your plan ends at the end of this month. Would you like me to renew it for you?',
      'customer: Yes, please renew it.',
      'ai: Great, I will register the renewal now.',
    ]);
    expect(renewed.tags).toEqual(['renewed']);
    expect(renewed.summary).toMatch(/ends this month.*agreed to renew/);
  });

  it('a callee who said nothing is summarised as such; not interested and call back later need their words', () => {
    expect(analyse(['ai: Hello Li A. This is Lin from AcmeOutreach.']).summary).toMatch(/said nothing/);
    expect(analyse(['ai: Hello.', "customer: Sorry, I'm not interested."]).tags).toEqual(['not_interested']);
    expect(analyse(['ai: We will call you back at a better time.', 'customer: Hello?']).tags).toEqual([]);
  });
});
