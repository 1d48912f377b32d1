import { z } from 'zod';
import { defineEndpoints, noBody } from '../common/endpoint.ts';
import { appRouteSchema } from '../common/route-schema.ts';
import { changePasswordInputSchema, profileUpdateSchema } from '../profile/schemas.ts';
import { forgotPasswordInputSchema, loginInputSchema, loginResultSchema, registerInputSchema, selfInfoSchema } from './schemas.ts';

/** Sign-in, the signed-in user, the server menu, the own profile, and the login page's requests: all under /api/user. */
export const authEndpoints = defineEndpoints(
  { tag: 'auth', roles: 'signedIn' },
  {
    login: {
      path: '/api/user/login',
      summary: 'Sign in with a user name or phone number; code 451 when signed in elsewhere (retry with force: true)',
      roles: 'public',
      body: loginInputSchema,
      response: loginResultSchema,
    },
    logout: { path: '/api/user/logout', summary: 'End this session', roles: 'public', body: noBody, response: z.null() },
    selfInfo: { path: '/api/user/getSelfInfo', summary: 'The signed-in user', body: noBody, response: selfInfoSchema },
    menu: {
      path: '/api/user/menu',
      summary: "The server menu: the route table filtered by the caller's role",
      body: noBody,
      response: z.array(appRouteSchema),
    },
    // The console template's own menu call is a GET: it gets the same answer.
    menuGet: {
      method: 'GET',
      path: '/api/user/menu',
      summary: 'The server menu (GET form of POST /menu)',
      response: z.array(appRouteSchema),
    },
    updateSelfInfo: {
      path: '/api/user/updateSelfInfo',
      summary: 'Edit my alias, phone and e-mail (alias 5–10; 409 when the phone is taken or the form is stale)',
      body: profileUpdateSchema,
      response: selfInfoSchema,
    },
    changePassword: {
      path: '/api/user/changePassword',
      summary: 'Change my password (current one checked); my other sessions end, this one stays',
      body: changePasswordInputSchema,
      response: z.null(),
    },
    forgotPassword: {
      path: '/api/user/forgotPassword',
      summary: "File a password reset for the user's administrators (same answer whether or not the user exists)",
      roles: 'public',
      body: forgotPasswordInputSchema,
      response: z.null(),
    },
    register: {
      path: '/api/user/register',
      summary: "File an access request for the provider's staff",
      roles: 'public',
      body: registerInputSchema,
      response: z.null(),
    },
  },
);
