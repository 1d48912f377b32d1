import { Button, Result } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorCode } from '@dialwise/contracts';
import { RequestFailure } from '../../api/client.ts';
import { useUser } from '../../store/user.ts';

/**
 * The one state of a page whose project or task (from the URL) is not there for the caller: deleted,
 * mistyped, or another company's (the server answers all three alike). Nothing on the page acts on it.
 * `error` null: found missing without a failed request (a task of another project, an agent's unassigned one).
 */
export function ProjectNotFound({ error, what = 'project' }: { error: unknown; what?: 'project' | 'task' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAgent = useUser((state) => state.user?.authLevel === 'OPR');
  const missing = error === null || (error instanceof RequestFailure && error.code === ErrorCode.NOT_FOUND);
  const prefix = what === 'task' ? 'projects.taskNotFound' : 'projects.notFound';
  return (
    <Result
      status={missing ? '404' : 'error'}
      title={t(missing ? `${prefix}.title` : 'projects.loadFailed.title')}
      subTitle={missing ? t(isAgent ? `${prefix}.detailAgent` : `${prefix}.detail`) : error instanceof Error ? error.message : undefined}
      data-testid="project-not-found"
      data-missing={what}
      extra={
        <Button
          type="primary"
          onClick={() => void navigate(isAgent ? '/projectOp/index' : '/project/projectListAdmin')}
          data-testid="project-not-found-back"
        >
          {t(isAgent ? 'projects.notFound.backMine' : 'projects.notFound.back')}
        </Button>
      }
    />
  );
}
