import { z } from 'zod';

export const ROLES = ['ADMIN', 'DEV', 'OPR'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** The spec also writes OPR as OPERATOR; both are accepted on input and stored as OPR. */
export const authLevelSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.toUpperCase() === 'OPERATOR' ? 'OPR' : value),
  roleSchema,
);

/** The role choice on the login screen: Admin admits ADMIN and DEV, Agent admits OPR. */
export const LOGIN_ROLES = ['admin', 'agent'] as const;
export const loginRoleSchema = z.enum(LOGIN_ROLES);
export type LoginRole = z.infer<typeof loginRoleSchema>;

export const LOGIN_ROLE_ADMITS: Record<LoginRole, readonly Role[]> = {
  admin: ['ADMIN', 'DEV'],
  agent: ['OPR'],
};

export function loginRoleAdmits(choice: LoginRole, role: Role): boolean {
  return LOGIN_ROLE_ADMITS[choice].includes(role);
}

/** A role switch keeps ADMIN and turns anyone else into OPR. */
export function switchRole(role: Role): Role {
  return role === 'ADMIN' ? 'ADMIN' : 'OPR';
}

/** An account's user level as the account form names it ("Administrator" or "Agent") and the role each one stores. */
export const USER_LEVELS = { Administrator: 'ADMIN', Agent: 'OPR' } as const satisfies Record<string, Role>;
