import type { TaskActionInput, TaskCreate, TaskQuery, TaskUpdate } from '@dialwise/contracts';
import { taskEndpoints } from '@dialwise/contracts';
import { api } from '../../api/client.ts';

export const taskKeys = {
  all: ['tasks'] as const,
  list: (query: TaskQuery) => ['tasks', 'list', query] as const,
  one: (id: string) => ['tasks', 'one', id] as const,
  /** The live drawer's polled copy: apart from `one`, which the edit form fills itself from. */
  live: (id: string) => ['tasks', 'live', id] as const,
  options: ['tasks', 'options'] as const,
};

export const listTasks = async (query: TaskQuery) => api(taskEndpoints.list, query);
export const getTask = async (id: string) => api(taskEndpoints.get, { id });
/** For the edit page, which stands on the task from its URL: a refusal is its to show (ProjectNotFound), without a toast. */
export const getTaskOfPage = async (id: string) => api(taskEndpoints.get, { id }, { quiet: true });
export const getTaskOptions = async () => api(taskEndpoints.options);
export const createTask = async (input: TaskCreate) => api(taskEndpoints.create, input);
export const updateTask = async (input: TaskUpdate) => api(taskEndpoints.update, input);
export const applyTaskAction = async (input: TaskActionInput) => api(taskEndpoints.action, input);
