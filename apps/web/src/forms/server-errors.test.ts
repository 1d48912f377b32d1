import { describe, expect, it } from 'vitest';
import { RequestFailure } from '../api/client.ts';
import { markServerErrors } from './server-errors.ts';

function recorder() {
  const calls: Record<string, { error: { message: string } }>[] = [];
  return { calls, form: { setFields: (fields: Record<string, { error: { message: string } }>) => calls.push(fields) } };
}

describe('markServerErrors', () => {
  it('puts a 409 message on the field the server named', () => {
    const { calls, form } = recorder();
    markServerErrors(form, new RequestFailure(409, 'User name "bob" is already taken', { field: 'username' }));
    expect(calls).toEqual([{ username: { error: { message: 'User name "bob" is already taken' } } }]);
  });

  it('puts each 400 field message on its field: a nested field by its path, a list entry on the list', () => {
    const { calls, form } = recorder();
    markServerErrors(
      form,
      new RequestFailure(400, 'x; y', {
        fields: [
          { path: 'currentPassword', message: 'x' },
          { path: 'items.0.name', message: 'y' },
          { path: 'fields.apiKey', message: 'z' },
        ],
      }),
    );
    expect(calls).toEqual([
      { currentPassword: { error: { message: 'x' } }, items: { error: { message: 'y' } }, 'fields.apiKey': { error: { message: 'z' } } },
    ]);
  });

  it("a field named without words of its own gets the refusal's message", () => {
    const { calls, form } = recorder();
    expect(markServerErrors(form, new RequestFailure(200, 'URL points at an internal address', { fields: [{ path: 'url' }] }))).toBe(true);
    expect(calls).toEqual([{ url: { error: { message: 'URL points at an internal address' } } }]);
  });

  it('leaves the form alone for refusals that name no field, and for other errors', () => {
    const { calls, form } = recorder();
    expect(markServerErrors(form, new RequestFailure(403, 'Forbidden'))).toBe(false);
    expect(markServerErrors(form, new Error('network'))).toBe(false);
    expect(calls).toEqual([]);
  });
});
