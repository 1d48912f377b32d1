import { Button, Result } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorCode } from '@dialwise/contracts';
import { RequestFailure } from '../../api/client.ts';

/**
 * The one state of a page whose project (from the URL) is not there for the caller: deleted, mistyped, or
 * another company's (the server answers all three alike). Nothing on the page acts on it.
 */
export function ProjectNotFound({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const missing = error instanceof RequestFailure && error.code === ErrorCode.NOT_FOUND;
  return (
    <Result
      status={missing ? '404' : 'error'}
      title={t(missing ? 'projects.notFound.title' : 'projects.loadFailed.title')}
      subTitle={missing ? t('projects.notFound.detail') : error instanceof Error ? error.message : undefined}
      data-testid="project-not-found"
      extra={
        <Button type="primary" onClick={() => void navigate('/project/projectListAdmin')} data-testid="project-not-found-back">
          {t('projects.notFound.back')}
        </Button>
      }
    />
  );
}
