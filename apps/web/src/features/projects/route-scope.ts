import { useQuery } from '@tanstack/react-query';
import { callRecordEndpoints, taskEndpoints } from '@dialwise/contracts';
import { api } from '../../api/client.ts';
import { useUser } from '../../store/user.ts';
import { getProjectOfPage, projectKeys } from './api.ts';

/**
 * Whether the project (and task) a page's URL names are the caller's, asked once and quietly (no toast: the
 * page shows `ProjectNotFound` instead). `ready`: nothing named, or all of it found; `missing`: a project or
 * a task that is deleted, mistyped or another company's (or, for an agent, not assigned to them) — the server
 * answers these alike; nothing else on the page asks or acts then.
 */
export interface RouteScope {
  status: 'loading' | 'ready' | 'missing';
  missing: 'project' | 'task' | null;
  /** The request's failure when it was not a plain "not found" (the page says it could not load). */
  error: unknown;
  projectName: string | null;
}

const READY: RouteScope = { status: 'ready', missing: null, error: null, projectName: null };

export function useRouteScope(projectId: string | undefined, taskId?: string): RouteScope {
  const isAgent = useUser((state) => state.user?.authLevel === 'OPR');
  const project = useQuery({
    queryKey: projectKeys.one(projectId ?? ''),
    queryFn: () => getProjectOfPage(projectId!),
    enabled: Boolean(projectId) && !isAgent,
    retry: false,
  });
  const task = useQuery({
    queryKey: ['tasks', 'of-page', taskId ?? ''],
    queryFn: () => api(taskEndpoints.get, { id: taskId! }, { quiet: true }),
    enabled: Boolean(taskId) && !isAgent && project.isSuccess,
    retry: false,
  });
  // An agent may not read projects: the call-record menu lists exactly the projects (and tasks) assigned to them.
  const assigned = useQuery({
    queryKey: ['call-records', 'options', 'of-page', projectId ?? ''],
    queryFn: () => api(callRecordEndpoints.options, { projectId }, { quiet: true }),
    enabled: Boolean(projectId) && isAgent,
    retry: false,
  });

  if (!projectId) return READY;
  if (isAgent) {
    if (assigned.isError) return { status: 'missing', missing: 'project', error: assigned.error, projectName: null };
    if (!assigned.data) return { ...READY, status: 'loading' };
    const mine = assigned.data.projects.find((p) => p.id === projectId);
    if (!mine) return { status: 'missing', missing: 'project', error: null, projectName: null };
    if (taskId && !assigned.data.tasks.some((t) => t.id === taskId))
      return { status: 'missing', missing: 'task', error: null, projectName: mine.name };
    return { ...READY, projectName: mine.name };
  }
  if (project.isError) return { status: 'missing', missing: 'project', error: project.error, projectName: null };
  if (!project.data) return { ...READY, status: 'loading' };
  if (!taskId) return { ...READY, projectName: project.data.name };
  if (task.isError) return { status: 'missing', missing: 'task', error: task.error, projectName: project.data.name };
  if (!task.data) return { ...READY, status: 'loading', projectName: project.data.name };
  // A task of another project under this one's URL is as missing as a mistyped one.
  if (task.data.projectId !== projectId) return { status: 'missing', missing: 'task', error: null, projectName: project.data.name };
  return { ...READY, projectName: project.data.name };
}
