import { describe, expect, it } from 'vitest';
import { openingLines } from './opening.ts';

const scenario = [
  { text: 'Hello, this is Lin from AcmeOutreach.', interruptible: false },
  { text: 'Your plan expires at the end of this month.', interruptible: true },
];

describe('the opening', () => {
  it('says the prologue info first, in the same line as the first prologue: who is calling and why is never replaced', () => {
    const lines = openingLines({ task: [], scenario }, { prologueInfo: 'Hello Li A.', businessInfo: {} });
    expect(lines).toEqual([
      { text: 'Hello Li A. Hello, this is Lin from AcmeOutreach.', interruptible: false },
      { text: 'Your plan expires at the end of this month.', interruptible: true },
    ]);
  });

  it("the task's prologues win over the scenario's; a prologue info without a stop gets one", () => {
    const lines = openingLines(
      { task: ['This is Acme calling about your renewal.'], scenario },
      { prologueInfo: 'Good morning Mr Li', businessInfo: {} },
    );
    expect(lines).toEqual([{ text: 'Good morning Mr Li. This is Acme calling about your renewal.', interruptible: false }]);
  });

  it('weaves the prologue info and business fields in where a prologue names them, and drops a placeholder with no value', () => {
    const task = ['{prologueInfo} This is Lin from Acme about your {plan} plan.', 'Hello {name}, do you have a minute?'];
    expect(openingLines({ task, scenario }, { prologueInfo: 'Hi Li A.', businessInfo: { plan: 'gold' } })).toEqual([
      { text: 'Hi Li A. This is Lin from Acme about your gold plan.', interruptible: false },
      { text: 'Hello {name}, do you have a minute?', interruptible: false },
    ]);
    expect(openingLines({ task: ['Hello {name}, this is Acme.'], scenario }, { prologueInfo: '', businessInfo: { name: '' } })).toEqual([
      { text: 'Hello, this is Acme.', interruptible: false },
    ]);
  });

  it('without prologues the prologue info is the whole opening; without prologue info the prologues are said as they are', () => {
    expect(openingLines({ task: [], scenario: [] }, { prologueInfo: 'Hello Li A.', businessInfo: {} })).toEqual([
      { text: 'Hello Li A.', interruptible: false },
    ]);
    expect(openingLines({ task: [], scenario }, { prologueInfo: '  ', businessInfo: {} })).toEqual(scenario);
  });

  it('joins a Chinese greeting without a space', () => {
    expect(
      openingLines({ task: ['这里是艾克米，关于您的续费。'], scenario: [] }, { prologueInfo: '李先生您好', businessInfo: {} }),
    ).toEqual([{ text: '李先生您好。这里是艾克米，关于您的续费。', interruptible: false }]);
  });
});
