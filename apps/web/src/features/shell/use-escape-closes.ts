import { useEffect } from 'react';

/**
 * Escape closes a view-only drawer wherever the focus is. Arco's Drawer closes on Escape only while the
 * focus is inside it, and the focus leaves it easily: a table refreshing under the drawer, a click on the
 * page's edge. (Not for drawers holding a form: there Escape would throw away what was typed.)
 */
export function useEscapeCloses(open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      // Inside the drawer Arco's own handler closes it.
      if (event.key === 'Escape' && !(document.activeElement instanceof Element && document.activeElement.closest('.arco-drawer'))) close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);
}
