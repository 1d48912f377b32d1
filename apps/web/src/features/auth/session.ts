import i18next from 'i18next';
import { APP_DEFAULTS } from '@dialwise/contracts';
import { logout } from '../../api/user.ts';
import { clearToken } from '../../api/token.ts';
import { useUser } from '../../store/user.ts';
import { useTabs } from '../shell/tabs-store.ts';
import { feedback } from '../shell/toasts.ts';

/** Forgets everything about the signed-in user on this browser (sign-out). */
export function forgetSession(): void {
  clearToken();
  useUser.getState().reset();
  useTabs.getState().dispatch({ type: 'reset' });
}

/**
 * Signs out: tells the server, then resets the user, clears the cookie, empties the server menu and the
 * tabs — even when the server call fails: the browser is signed out whatever the server answers.
 */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    const { Message } = await feedback();
    Message.warning({ content: i18next.t('nav.logoutFailed'), duration: APP_DEFAULTS.errorToastMs });
  } finally {
    forgetSession();
  }
}
