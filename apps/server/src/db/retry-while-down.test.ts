import { describe, expect, it } from 'vitest';
import { isConnectionLoss, retryWhileDatabaseDown } from './retry-while-down.ts';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('isConnectionLoss: the database is unreachable, not the statement wrong', () => {
  it.each([
    ['a refused connection', refused],
    [
      'a restart terminating the session (57P01)',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    ['the database starting up (57P03)', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a connection exception (08006)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ["node-postgres's own", new Error('Connection terminated unexpectedly')],
    ['one wrapped by drizzle (cause)', new Error('Failed query: select 1', { cause: refused })],
    ['a refusal on every address (AggregateError)', new AggregateError([refused, refused], '')],
  ])('%s is one', (_case, error) => {
    expect(isConnectionLoss(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key value'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
    ['a plain error', new Error('boom')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s is not', (_case, error) => {
    expect(isConnectionLoss(error)).toBe(false);
  });
});

describe('retryWhileDatabaseDown', () => {
  it('runs the work again while the database is unreachable, and answers once it is back', async () => {
    let calls = 0;
    const retries: number[] = [];
    const answer = await retryWhileDatabaseDown(
      async () => {
        calls += 1;
        if (calls < 3) throw refused;
        return 'stored';
      },
      { forMs: 10_000, onRetry: (_error, attempt) => retries.push(attempt) },
    );
    expect(answer).toBe('stored');
    expect(retries).toEqual([1, 2]);
  });

  it('throws any other error at once', async () => {
    let calls = 0;
    const work = async () => {
      calls += 1;
      throw Object.assign(new Error('duplicate key value'), { code: '23505' });
    };
    await expect(retryWhileDatabaseDown(work, { forMs: 10_000 })).rejects.toThrow('duplicate key value');
    expect(calls).toBe(1);
  });

  it('gives up when the database is still gone after forMs', async () => {
    let calls = 0;
    const work = async () => {
      calls += 1;
      throw refused;
    };
    await expect(retryWhileDatabaseDown(work, { forMs: 600 })).rejects.toBe(refused);
    // 250 ms, then 500 ms would end past the 600 ms: two tries.
    expect(calls).toBe(2);
  });
});
