import { routerConditionSchema } from '@dialwise/contracts';
import { describe, expect, it } from 'vitest';
import { History } from './history.ts';
import { conditionHolds } from './routers.ts';

const never = async () => {
  throw new Error('no referee in these conditions');
};
const holds = (condition: unknown, history: History) => conditionHolds(routerConditionSchema.parse(condition), history, never);

/** Two AI lines, a filler and two customer lines, a seat's line after a transfer; the customer cut the AI once. */
function call(): History {
  const history = new History();
  history.add({ speaker: 'ai', text: 'Hello, this is Lin from Acme.', atMs: 0 });
  history.add({ speaker: 'customer', text: 'How much is it?', atMs: 2_000 });
  history.add({ speaker: 'ai', text: 'One moment', atMs: 2_600, filler: true });
  history.add({ speaker: 'ai', text: 'It is ninety', atMs: 3_000, interrupted: true });
  history.countInterrupt('customer');
  history.add({ speaker: 'customer', text: 'Too expensive, get me a person', atMs: 3_400 });
  history.add({ speaker: 'seat', text: 'Hello, I am Wang from billing', atMs: 9_000 });
  return history;
}

describe("a scenario's condition roles (the scenario's edge: `user` and `assistant` as stored)", () => {
  it("round: `user` counts the customer's lines, `assistant` the AI's; fillers and a seat's lines count for neither", async () => {
    const history = call();
    expect(await holds({ type: 'round', role: 'user', op: 'eq', value: 2 }, history)).toBe(true);
    expect(await holds({ type: 'round', role: 'assistant', op: 'eq', value: 2 }, history)).toBe(true);
    expect(await holds({ type: 'round', role: 'assistant', op: 'gte', value: 3 }, history)).toBe(false);
  });

  it('interrupt: `user` is the customer cutting the AI short, `assistant` the AI cutting the customer', async () => {
    const history = call();
    expect(await holds({ type: 'interrupt', role: 'user', count: 1 }, history)).toBe(true);
    expect(await holds({ type: 'interrupt', role: 'assistant', count: 1 }, history)).toBe(false);
  });

  it("content: `user` reads the customer's last words, `assistant` the AI's last reply (not a filler, not the seat)", async () => {
    const history = call();
    expect(await holds({ type: 'content', role: 'user', keywords: ['person'] }, history)).toBe(true);
    expect(await holds({ type: 'content', role: 'user', keywords: ['billing'] }, history)).toBe(false);
    expect(await holds({ type: 'content', role: 'assistant', keywords: ['ninety'] }, history)).toBe(true);
    expect(await holds({ type: 'content', role: 'assistant', keywords: ['moment'] }, history)).toBe(false);
  });
});
