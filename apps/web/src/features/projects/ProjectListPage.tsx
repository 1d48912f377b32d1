import { Button, Space, Tag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Project, ProjectQuery } from '@dialwise/contracts';
import { AddButton, KeywordFilter, ListPage, ListTable } from '../../list-page/ListPage.tsx';
import { useListQuery } from '../../list-page/use-list-query.ts';
import { useCompanyTime } from '../../locale/company-time.tsx';
import { deleteProject, listProjects, projectKeys } from './api.ts';
import { EncryptionTag } from './EncryptionTag.tsx';
import { ProjectFormModal } from './ProjectFormModal.tsx';
import { ConfirmButton, EditButton } from '../../list-page/RowActions.tsx';
import { useRowAction } from '../../list-page/use-row-action.ts';
import { useFormOpening } from '../../forms/form-modal.tsx';
import { useUser } from '../../store/user.ts';

/** The project list (ADMIN): search, add, edit, delete, go to tasks, go to the quick board. */
export default function ProjectListPage() {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const navigate = useNavigate();
  const form = useFormOpening<Project>();
  const isDev = useUser((state) => state.user?.authLevel === 'DEV');

  const list = useListQuery<Pick<ProjectQuery, 'name'>, Project>({ key: [...projectKeys.all, 'list'], fetch: listProjects });
  const remove = useRowAction({ action: deleteProject, done: () => t('projects.deleted'), refresh: [projectKeys.all] });

  const columns: TableColumnProps<Project>[] = [
    {
      title: t('projects.col.name'),
      dataIndex: 'name',
      render: (_, project) => (
        <Typography.Text
          bold
          className="link-text"
          onClick={() => navigate(`/project/taskList/${project.id}`)}
          data-testid={`project-name-${project.name}`}
        >
          {project.name}
        </Typography.Text>
      ),
    },
    {
      title: t('projects.col.encryption'),
      dataIndex: 'encryptionType',
      render: (_, project) => <EncryptionTag type={project.encryptionType} />,
    },
    {
      title: t('projects.col.operators'),
      dataIndex: 'operators',
      render: (_, project) =>
        project.operators.length === 0 ? (
          <Typography.Text type="secondary">{t('projects.noOperators')}</Typography.Text>
        ) : (
          <Space size={4} wrap>
            {project.operators.map((o) => (
              <Tag key={o.id} size="small">
                {o.name}
              </Tag>
            ))}
          </Space>
        ),
    },
    { title: t('projects.col.creator'), dataIndex: 'creator' },
    { title: t('common.created'), dataIndex: 'createTime', render: (value: string) => time.format(value) },
    {
      title: t('projects.col.taskCount'),
      dataIndex: 'taskCount',
      render: (_, project) => (
        <Space size={6}>
          <span data-testid={`project-task-count-${project.name}`}>{project.taskCount}</span>
          {project.runningTaskCount > 0 && (
            <Tag size="small" color="green">
              {t('projects.running', { count: project.runningTaskCount })}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('common.actions'),
      dataIndex: 'actions',
      fixed: 'right',
      width: 380,
      render: (_, project) => (
        <Space size={0} className="table-actions">
          <Button
            type="text"
            size="small"
            onClick={() => navigate(`/project/taskList/${project.id}`)}
            data-testid={`project-tasks-${project.name}`}
          >
            {t('projects.action.tasks')}
          </Button>
          <Button type="text" size="small" onClick={() => navigate(`/board/projectBoard/${project.id}`)}>
            {t('projects.action.board')}
          </Button>
          <Button
            type="text"
            size="small"
            onClick={() => navigate(`/board/callRecordBoard/${project.id}`)}
            data-testid={`project-records-${project.name}`}
          >
            {t('projects.action.records')}
          </Button>
          <EditButton onClick={() => form.open(project)} testId={`project-edit-${project.name}`} />
          <ConfirmButton
            title={t('projects.delete.confirm', { name: project.name, count: project.taskCount })}
            onConfirm={() => remove.mutateAsync(project.id)}
            testId={`project-delete-${project.name}`}
            blockedBy={project.runningTaskCount > 0 ? t('projects.delete.blocked') : undefined}
          >
            {t('common.delete')}
          </ConfirmButton>
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title={t('projects.title')}
      testId="project-list"
      timeZoneNote
      list={list}
      searchTestId="project-search-submit"
      filters={<KeywordFilter field="name" placeholder={t('projects.search.placeholder')} testId="project-search" />}
      toolbar={
        <AddButton onClick={() => form.open(null)} testId="project-new">
          {t('projects.new')}
        </AddButton>
      }
    >
      <ListTable
        list={list}
        columns={columns}
        scrollX={1180}
        empty={isDev ? <ProviderEmpty /> : t('projects.empty')}
        testId="project-table"
      />
      <ProjectFormModal project={form.editing} visible={form.visible} onClose={form.close} />
    </ListPage>
  );
}

/**
 * Provider staff (DEV) land here on their own company's projects, usually none: customers' projects are seen
 * by the customers' own accounts. The empty list says so, and where provider staff act for customers.
 */
function ProviderEmpty() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="provider-empty" data-testid="project-empty-provider">
      <Typography.Text>{t('projects.emptyProvider.title')}</Typography.Text>
      <Typography.Text type="secondary">{t('projects.emptyProvider.detail')}</Typography.Text>
      <Space>
        <Button type="primary" size="small" onClick={() => void navigate('/operation/companyList')} data-testid="project-empty-companies">
          {t('projects.emptyProvider.companies')}
        </Button>
        <Button size="small" onClick={() => void navigate('/system/account-manage')}>
          {t('projects.emptyProvider.accounts')}
        </Button>
      </Space>
    </div>
  );
}
