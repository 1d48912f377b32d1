import { DatePicker, Form, Input, InputNumber, Message, Modal, Select, Switch, Tag } from '@arco-design/web-react';
import {
  POLICY_CONTENT_TYPES,
  POLICY_FILTER_TYPES,
  POLICY_NAME_MAX,
  POLICY_STATUSES,
  policyCreateSchema,
  type Policy,
  type PolicyCreate,
} from '@dialwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldRule } from '../../forms/zod-rules.ts';
import { currentLocale } from '../../locale/index.ts';
import { AddButton, ChoiceFilter, KeywordFilter, ListFilter, ListPage, ListTable } from '../../list-page/ListPage.tsx';
import { useListQuery } from '../../list-page/use-list-query.ts';
import { templatesApi } from './api.ts';
import { formatNumber } from './format.ts';
import { useCompanyTime } from '../../locale/company-time.tsx';

interface Filters {
  number?: string;
  name?: string;
  contentType?: (typeof POLICY_CONTENT_TYPES)[number];
  filterType?: (typeof POLICY_FILTER_TYPES)[number];
  status?: (typeof POLICY_STATUSES)[number];
  createdTime?: [string, string];
}

function CreatePolicyModal({ visible, onClose }: { visible: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PolicyCreate>();
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: templatesApi.createPolicy,
    onSuccess: (policy) => {
      Message.success(t('st.created', { name: policy.name }));
      void client.invalidateQueries({ queryKey: ['policies'] });
      form.resetFields();
      onClose();
    },
  });
  return (
    <Modal
      title={t('st.create')}
      visible={visible}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'policy-save' } as object}
      unmountOnExit
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ contentType: 'img', filterType: 'rules', count: 0 }}
        onSubmit={(values) => create.mutate(values)}
      >
        <Form.Item field="name" label={t('common.name')} rules={[fieldRule(policyCreateSchema, 'name', currentLocale())]}>
          <Input maxLength={POLICY_NAME_MAX} showWordLimit data-testid="policy-name" />
        </Form.Item>
        <Form.Item field="contentType" label={t('st.col.contentType')}>
          <Select options={POLICY_CONTENT_TYPES.map((v) => ({ value: v, label: t(`st.contentType.${v}`) }))} />
        </Form.Item>
        <Form.Item field="filterType" label={t('st.col.filterType')}>
          <Select options={POLICY_FILTER_TYPES.map((v) => ({ value: v, label: t(`st.filterType.${v}`) }))} />
        </Form.Item>
        <Form.Item field="count" label={t('st.col.count')}>
          <InputNumber min={0} max={1_000_000} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The search table, on the company's policies: filters, server-side pages, create and online/offline. */
export default function SearchTablePage() {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const client = useQueryClient();
  const [creating, setCreating] = useState(false);
  const list = useListQuery<Filters, Policy>({
    key: ['policies'],
    fetch: ({ page, pageSize, createdTime, ...filters }) =>
      templatesApi.policies({ ...filters, current: page, pageSize, createdFrom: createdTime?.[0], createdTo: createdTime?.[1] }),
  });
  const toggle = useMutation({
    mutationFn: templatesApi.setPolicyStatus,
    onSuccess: () => client.invalidateQueries({ queryKey: ['policies'] }),
  });
  return (
    <ListPage
      title={t('menu.searchTable')}
      testId="search-table"
      timeZoneNote
      list={list}
      searchTestId="policy-search"
      filters={
        <>
          <KeywordFilter field="name" placeholder={t('st.filter.name')} testId="policy-filter-name" />
          <ListFilter>
            <Form.Item field="number" noStyle>
              <Input allowClear placeholder={t('st.filter.number')} />
            </Form.Item>
          </ListFilter>
          <ChoiceFilter
            field="contentType"
            placeholder={t('st.col.contentType')}
            values={POLICY_CONTENT_TYPES}
            label={(v) => t(`st.contentType.${v}`)}
          />
          <ChoiceFilter
            field="filterType"
            placeholder={t('st.col.filterType')}
            values={POLICY_FILTER_TYPES}
            label={(v) => t(`st.filterType.${v}`)}
          />
          <ChoiceFilter
            field="status"
            placeholder={t('common.status')}
            values={POLICY_STATUSES}
            label={(v) => t(`st.status.${v}`)}
            testId="policy-filter-status"
          />
          <ListFilter wide>
            <Form.Item field="createdTime" noStyle>
              <DatePicker.RangePicker style={{ width: '100%' }} format="YYYY-MM-DD" />
            </Form.Item>
          </ListFilter>
        </>
      }
      toolbar={
        <AddButton onClick={() => setCreating(true)} testId="policy-create">
          {t('st.create')}
        </AddButton>
      }
    >
      <ListTable
        list={list}
        scrollX={900}
        testId="policy-table"
        empty={t('st.empty')}
        rowTestId={(row) => `policy-row-${row.name}`}
        columns={[
          { title: t('st.col.number'), dataIndex: 'number', width: 110 },
          { title: t('common.name'), dataIndex: 'name', ellipsis: true },
          { title: t('st.col.contentType'), dataIndex: 'contentType', render: (v: string) => t(`st.contentType.${v}`) },
          { title: t('st.col.filterType'), dataIndex: 'filterType', render: (v: string) => t(`st.filterType.${v}`) },
          { title: t('st.col.count'), dataIndex: 'count', render: (v: number) => formatNumber(v) },
          { title: t('common.created'), dataIndex: 'createdTime', render: (v: string) => time.format(v) },
          {
            title: t('common.status'),
            dataIndex: 'status',
            render: (v: Policy['status']) => <Tag color={v === 'online' ? 'green' : 'gray'}>{t(`st.status.${v}`)}</Tag>,
          },
          {
            title: t('st.col.online'),
            width: 100,
            render: (_v, row) => (
              <Switch
                size="small"
                checked={row.status === 'online'}
                loading={toggle.isPending && toggle.variables?.id === row.id}
                data-testid={`policy-toggle-${row.name}`}
                onChange={(on) => toggle.mutate({ id: row.id, status: on ? 'online' : 'offline' })}
              />
            ),
          },
        ]}
      />
      <CreatePolicyModal visible={creating} onClose={() => setCreating(false)} />
    </ListPage>
  );
}
