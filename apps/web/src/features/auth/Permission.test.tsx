import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { Permission } from './Permission.tsx';
import { useUser } from '../../store/user.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function render(node: React.ReactNode): string {
  const host = document.createElement('div');
  act(() => createRoot(host).render(node));
  return host.innerHTML;
}

describe("Permission (the spec's permission directive)", () => {
  afterEach(() => useUser.setState({ user: null, role: null }));

  it('renders its children only for a listed level', () => {
    useUser.setState({ role: 'ADMIN' });
    expect(
      render(
        <Permission levels={['ADMIN', 'DEV']}>
          <b>delete</b>
        </Permission>,
      ),
    ).toBe('<b>delete</b>');
    useUser.setState({ role: 'OPR' });
    expect(
      render(
        <Permission levels={['ADMIN', 'DEV']}>
          <b>delete</b>
        </Permission>,
      ),
    ).toBe('');
  });

  it('throws when no list of levels is given', () => {
    useUser.setState({ role: 'ADMIN' });
    expect(() => Permission({ levels: [], children: null })).toThrow('Permission needs the list');
    expect(() => Permission({ levels: undefined as never, children: null })).toThrow('Permission needs the list');
  });
});
