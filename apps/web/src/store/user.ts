import { create } from 'zustand';
import { switchRole, type Role, type SelfInfo } from '@dialwise/contracts';
import { useSettings } from './settings.ts';

interface UserStore {
  user: SelfInfo | null;
  /** The role the console acts as; a role switch keeps ADMIN and makes anyone else OPR. */
  role: Role | null;
  setUser(user: SelfInfo): void;
  switchRole(): void;
  reset(): void;
}

/** OPR has no side menu; ADMIN and DEV have one. */
function applyRoleToMenu(role: Role): void {
  useSettings.getState().update({ hideMenu: role === 'OPR' });
}

export const useUser = create<UserStore>()((set, get) => ({
  user: null,
  role: null,
  setUser: (user) => {
    applyRoleToMenu(user.authLevel);
    set({ user, role: user.authLevel });
  },
  switchRole: () => {
    const current = get().role;
    if (!current) return;
    const next = switchRole(current);
    applyRoleToMenu(next);
    set({ role: next });
  },
  reset: () => {
    useSettings.getState().update({ serverMenu: [], hideMenu: false });
    set({ user: null, role: null });
  },
}));
