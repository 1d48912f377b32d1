import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FailedPath } from '@dialwise/contracts';
import { failedPathsOf, readJsonFile } from './file-io.ts';

/**
 * Reads a chosen file and hands its JSON to `send` (the server checks it); a file that is not JSON, or
 * that the server refuses with failing paths, fills `failed` for the "Scenario format failed" modal.
 */
export function useScenarioImport<T>(send: (content: unknown) => Promise<T>, onDone: (result: T) => void) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<FailedPath[] | null>(null);
  const [busy, setBusy] = useState(false);

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const read = await readJsonFile(file);
      if (!read.ok) {
        setFailed([{ path: '', message: t('scenario.importFailed.notJson', { detail: read.detail }) }]);
        return;
      }
      onDone(await send(read.content));
    } catch (error) {
      const fields = failedPathsOf(error);
      if (fields) setFailed(fields);
    } finally {
      setBusy(false);
    }
  };
  return { importFile, failed, clearFailed: () => setFailed(null), busy };
}
