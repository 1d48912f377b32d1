import { Button, Typography, type TableColumnProps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Project, ProjectQuery } from '@dialwise/contracts';
import { KeywordFilter, ListPage, ListTable } from '../../list-page/ListPage.tsx';
import { useListQuery } from '../../list-page/use-list-query.ts';
import { useCompanyTime } from '../../locale/company-time.tsx';
import { listMyProjects, projectKeys } from './api.ts';
import { EncryptionTag } from './EncryptionTag.tsx';

/**
 * `/projectOp/index` (OPR): the projects an ADMIN assigned this agent to (our reading of "projects they
 * work on"), each leading to its call records.
 */
export default function OperatorProjectsPage() {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const navigate = useNavigate();
  const list = useListQuery<Pick<ProjectQuery, 'name'>, Project>({ key: [...projectKeys.all, 'mine'], fetch: listMyProjects });
  const records = (project: Project) => navigate(`/projectOp/callRecordBoardOp/${project.id}`);

  const columns: TableColumnProps<Project>[] = [
    {
      title: t('projects.col.name'),
      dataIndex: 'name',
      render: (_, project) => (
        <Typography.Text bold className="link-text" onClick={() => records(project)} data-testid={`my-project-${project.name}`}>
          {project.name}
        </Typography.Text>
      ),
    },
    {
      title: t('projects.col.encryption'),
      dataIndex: 'encryptionType',
      render: (_, project) => <EncryptionTag type={project.encryptionType} />,
    },
    { title: t('projects.col.taskCount'), dataIndex: 'taskCount' },
    { title: t('projects.col.creator'), dataIndex: 'creator' },
    { title: t('common.created'), dataIndex: 'createTime', render: (value: string) => time.format(value) },
    {
      title: t('common.actions'),
      dataIndex: 'actions',
      fixed: 'right',
      width: 140,
      render: (_, project) => (
        <Button type="text" size="small" onClick={() => records(project)} data-testid={`my-project-records-${project.name}`}>
          {t('projects.action.records')}
        </Button>
      ),
    },
  ];

  return (
    <ListPage
      title={t('projects.mine.title')}
      testId="my-projects"
      timeZoneNote
      list={list}
      filters={<KeywordFilter field="name" placeholder={t('projects.search.placeholder')} />}
    >
      <ListTable list={list} columns={columns} scrollX={800} empty={t('projects.mine.empty')} testId="my-projects-table" />
    </ListPage>
  );
}
