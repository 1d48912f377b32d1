import Cookies from 'js-cookie';
import { AUTH_COOKIE } from '@dialwise/contracts';

/** The session token lives in the `Authorization` cookie the server sets (its presence = signed in). */
export function getToken(): string | undefined {
  return Cookies.get(AUTH_COOKIE);
}

export function hasToken(): boolean {
  return Boolean(getToken());
}

export function clearToken(): void {
  Cookies.remove(AUTH_COOKIE, { path: '/' });
}
