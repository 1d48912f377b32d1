import { getServerMenu } from '../../api/user.ts';
import { useSettings } from '../../store/settings.ts';
import { feedback } from './toasts.ts';

const MENU_NOTICE = 'menuNotice';

/** Turning "menu from server" on loads the server menu, with info, success or error notices. */
export async function loadServerMenu(translate: (key: string) => string): Promise<boolean> {
  const { Notification } = await feedback();
  Notification.info({ id: MENU_NOTICE, content: translate('settings.menuLoading'), closable: true });
  try {
    const menu = await getServerMenu();
    useSettings.getState().update({ serverMenu: menu });
    Notification.success({ id: MENU_NOTICE, content: translate('settings.menuLoaded'), closable: true });
    return true;
  } catch {
    Notification.error({ id: MENU_NOTICE, content: translate('settings.menuFailed'), closable: true });
    return false;
  }
}
