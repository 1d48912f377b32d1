import type { ReactNode } from 'react';
import type { Role } from '@dialwise/contracts';
import { useUser } from '../../store/user.ts';

/**
 * The spec's permission directive: renders its children only when the user's level is listed.
 * A missing or empty list is a programming error and throws, as the directive fails without one.
 */
export function Permission({ levels, children }: { levels: readonly Role[]; children: ReactNode }) {
  if (!Array.isArray(levels) || levels.length === 0) {
    throw new Error('Permission needs the list of user levels allowed, e.g. levels={["ADMIN"]}');
  }
  const role = useUser((state) => state.role);
  return role && levels.includes(role) ? <>{children}</> : null;
}
