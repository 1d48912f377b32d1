import type {
  Page,
  TaskActionInput,
  TaskActionResult,
  TaskCreate,
  TaskListItem,
  TaskOptions,
  TaskQuery,
  TaskUpdate,
} from '@dialwise/contracts';
import { post } from '../../api/client.ts';

export const taskKeys = {
  all: ['tasks'] as const,
  list: (query: TaskQuery) => ['tasks', 'list', query] as const,
  one: (id: string) => ['tasks', 'one', id] as const,
  options: ['tasks', 'options'] as const,
};

export const listTasks = async (query: TaskQuery) => (await post<Page<TaskListItem>>('/api/tasks/list', query)).data;
export const getTask = async (id: string) => (await post<TaskListItem>('/api/tasks/get', { id })).data;
export const getTaskOptions = async () => (await post<TaskOptions>('/api/tasks/options')).data;
export const createTask = async (input: TaskCreate) => (await post<TaskListItem>('/api/tasks/create', input)).data;
export const updateTask = async (input: TaskUpdate) => (await post<TaskListItem>('/api/tasks/update', input)).data;
export const applyTaskAction = async (input: TaskActionInput) => (await post<TaskActionResult>('/api/tasks/action', input)).data;
