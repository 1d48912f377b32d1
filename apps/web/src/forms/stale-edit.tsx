import { Alert, Button } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStaleEdit } from '@dialwise/contracts';
import { RequestFailure } from '../api/client.ts';

/** Whether a failed save was refused because the form was opened on an older version (issue 15 point 8). */
export function isStaleEditFailure(error: unknown): boolean {
  return error instanceof RequestFailure && isStaleEdit(error.data);
}

export interface StaleEdit<T> {
  /** What the form edits: the entity it was opened on, or the one a reload brought. */
  entity: T | null;
  /** True after a save was refused as stale, until a reload. */
  stale: boolean;
  reloading: boolean;
  /** Call with a failed save's error: true (and the notice shows) when it was refused as stale. */
  caught(error: unknown): boolean;
  /** Fetches the current entity; the form refills from `entity` (its version included). */
  reload(): Promise<void>;
}

/**
 * The conflict half of every edit form. The form fills its fields from `entity` and sends `entity.version`
 * with the edit; when the server answers that someone else saved in between, the form shows
 * `<StaleEditNotice>` and the user reloads the current entity (their own edits are dropped: the form
 * cannot know which of the other person's changes they would keep).
 */
export function useStaleEdit<T>(opened: T | null, fetchCurrent: (opened: T) => Promise<T>): StaleEdit<T> {
  // Both are remembered with the entity they belong to: opening the form on another entity forgets them.
  const [reloaded, setReloaded] = useState<{ opened: T; current: T } | null>(null);
  const [staleOn, setStaleOn] = useState<T | null>(null);
  const [reloading, setReloading] = useState(false);
  const entity = reloaded && reloaded.opened === opened ? reloaded.current : opened;
  return {
    entity,
    stale: opened !== null && staleOn === opened,
    reloading,
    caught(error) {
      const isStale = isStaleEditFailure(error);
      if (isStale) setStaleOn(opened);
      return isStale;
    },
    async reload() {
      if (!opened || !entity) return;
      setReloading(true);
      try {
        setReloaded({ opened, current: await fetchCurrent(entity) });
        setStaleOn(null);
      } catch {
        // shown by the request layer; the notice stays so the user can try again
      } finally {
        setReloading(false);
      }
    },
  };
}

/** The notice at the top of an edit form whose save was refused as stale, with the reload action. */
export function StaleEditNotice({ edit }: { edit: Pick<StaleEdit<unknown>, 'stale' | 'reloading' | 'reload'> }) {
  const { t } = useTranslation();
  if (!edit.stale) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('form.stale.title')}
      content={t('form.stale.body')}
      data-testid="stale-edit-notice"
      action={
        <Button size="small" type="primary" loading={edit.reloading} onClick={() => void edit.reload()} data-testid="stale-edit-reload">
          {t('form.stale.reload')}
        </Button>
      }
    />
  );
}
