import { Card, DatePicker, Radio, Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listProjects, projectKeys } from '../projects/api.ts';
import { listTasks, taskKeys } from '../tasks/api.ts';
import { usePageRoute } from '../shell/route-params.ts';
import { CallBoardSummary } from './CallBoardSummary.tsx';
import { ProjectNotFound } from '../projects/ProjectNotFound.tsx';
import { useRouteScope } from '../projects/route-scope.ts';
import { TimeZoneNote, useTimeZone } from '../../locale/company-time.tsx';
import { dayIn, daysAgoIn } from '../../locale/date-time.ts';

const PRESETS = { today: 0, '7d': 6, '30d': 29 } as const;
type Preset = keyof typeof PRESETS;
const ALL = '';

/**
 * The project board (/board/projectBoard/{projectID?}): the board of one project (or every project),
 * narrowed to a task if chosen, over a range of days. The project lives in the URL, so the project list's
 * "Quick board" lands here on it. Days are the company's (today in its zone), as the server counts them.
 */
export default function ProjectBoardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projectId = usePageRoute().params.projectID ?? ALL;
  const [taskOf, setTaskOf] = useState<{ projectId: string; taskId: string }>({ projectId, taskId: ALL });
  const taskId = taskOf.projectId === projectId ? taskOf.taskId : ALL;
  const zone = useTimeZone();
  const [range, setRange] = useState<{ from: string; to: string; preset?: Preset }>(() => ({
    from: daysAgoIn(6, zone),
    to: daysAgoIn(0, zone),
    preset: '7d',
  }));

  const projectQuery = { page: 1, pageSize: 100 };
  const projects = useQuery({ queryKey: projectKeys.list(projectQuery), queryFn: () => listProjects(projectQuery) });
  const taskQuery = { projectId, filter: 'all' as const, page: 1, pageSize: 100 };
  // The project the URL names is checked first: another company's (or a made-up) id gets the one not-found
  // state, with no task list or board asked for it (they each toasted "Not found").
  const scope = useRouteScope(projectId || undefined);
  const tasks = useQuery({
    queryKey: taskKeys.list(taskQuery),
    queryFn: () => listTasks(taskQuery),
    enabled: Boolean(projectId) && scope.status === 'ready',
  });

  if (scope.status === 'missing') {
    return (
      <Card title={t('boards.title')} className="list-card" data-testid="project-board">
        <ProjectNotFound error={scope.error} />
      </Card>
    );
  }

  return (
    <Card title={t('boards.title')} extra={<TimeZoneNote />} className="list-card" data-testid="project-board">
      <div className="board-filters">
        <div className="board-filter">
          {t('boards.project')}
          <Select
            style={{ width: 220 }}
            // Until the project is known the select shows nothing rather than its raw id.
            value={scope.status === 'ready' ? projectId : undefined}
            data-testid="board-project"
            showSearch
            filterOption={(input, option) =>
              String((option as { props?: { children?: unknown } }).props?.children ?? '')
                .toLowerCase()
                .includes(input.toLowerCase())
            }
            onChange={(id: string) => navigate(id ? `/board/projectBoard/${id}` : '/board/projectBoard')}
          >
            <Select.Option value={ALL}>{t('boards.allProjects')}</Select.Option>
            {(projects.data?.list ?? []).map((p) => (
              <Select.Option key={p.id} value={p.id}>
                {p.name}
              </Select.Option>
            ))}
          </Select>
        </div>
        <div className="board-filter">
          {t('boards.task')}
          <Select
            style={{ width: 200 }}
            value={taskId}
            disabled={!projectId}
            data-testid="board-task"
            onChange={(id: string) => setTaskOf({ projectId, taskId: id })}
          >
            <Select.Option value={ALL}>{t('boards.allTasks')}</Select.Option>
            {(tasks.data?.list ?? []).map((task) => (
              <Select.Option key={task.id} value={task.id}>
                {task.name}
              </Select.Option>
            ))}
          </Select>
        </div>
        <Radio.Group
          type="button"
          value={range.preset}
          data-testid="board-preset"
          onChange={(preset: Preset) => setRange({ from: daysAgoIn(PRESETS[preset], zone), to: daysAgoIn(0, zone), preset })}
        >
          {(Object.keys(PRESETS) as Preset[]).map((p) => (
            <Radio key={p} value={p} data-testid={`board-preset-${p}`}>
              {t(`boards.range.${p}`)}
            </Radio>
          ))}
        </Radio.Group>
        <DatePicker.RangePicker
          style={{ width: 260 }}
          value={[range.from, range.to]}
          allowClear={false}
          data-testid="board-range"
          disabledDate={(date) => date.format('YYYY-MM-DD') > dayIn(new Date(), zone)}
          onChange={(dates: string[]) => {
            if (dates?.[0] && dates[1]) setRange({ from: dates[0], to: dates[1] });
          }}
        />
      </div>
      {scope.status === 'ready' && (
        <CallBoardSummary projectId={projectId || undefined} taskId={taskId || undefined} from={range.from} to={range.to} />
      )}
    </Card>
  );
}
