import { Button, Card, Form, Input, Space, Table, Typography, type TableColumnProps } from '@arco-design/web-react';
import { IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PAGINATION, type Project, type ProjectQuery } from '@dialwise/contracts';
import { formatDateTime } from '../../locale/date-time.ts';
import { listMyProjects, projectKeys } from './api.ts';
import { EncryptionTag } from './EncryptionTag.tsx';

/**
 * `/projectOp/index` (OPR): the projects an ADMIN assigned this agent to (our reading of "projects they
 * work on"), each leading to its call records.
 */
export default function OperatorProjectsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState<ProjectQuery>({ page: PAGINATION.defaultPage, pageSize: PAGINATION.defaultPageSize });
  const [search, setSearch] = useState('');
  const list = useQuery({ queryKey: projectKeys.mine(query), queryFn: () => listMyProjects(query), placeholderData: keepPreviousData });
  const runSearch = () => setQuery((q) => ({ ...q, page: 1, name: search.trim() || undefined }));
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
    { title: t('projects.col.createTime'), dataIndex: 'createTime', render: (value: string) => formatDateTime(value) },
    {
      title: t('projects.col.actions'),
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
    <Card title={t('projects.mine.title')} className="list-card" data-testid="my-projects">
      <Form layout="inline" className="search-form" onSubmit={runSearch}>
        <Form.Item label={t('projects.search.name')}>
          <Input
            value={search}
            onChange={setSearch}
            onPressEnter={runSearch}
            allowClear
            style={{ width: 240 }}
            placeholder={t('projects.search.placeholder')}
          />
        </Form.Item>
        <Space>
          <Button type="primary" icon={<IconSearch />} onClick={runSearch}>
            {t('projects.search.submit')}
          </Button>
          <Button
            icon={<IconRefresh />}
            onClick={() => {
              setSearch('');
              setQuery({ page: 1, pageSize: query.pageSize });
            }}
          >
            {t('projects.search.reset')}
          </Button>
        </Space>
      </Form>
      <Table
        rowKey="id"
        columns={columns}
        data={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 800 }}
        noDataElement={<div className="table-empty">{t('projects.mine.empty')}</div>}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: list.data?.total ?? 0,
          showTotal: true,
          sizeCanChange: true,
          onChange: (page, pageSize) => setQuery((q) => ({ ...q, page, pageSize })),
        }}
        data-testid="my-projects-table"
      />
    </Card>
  );
}
