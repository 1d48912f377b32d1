import { Form, Input, Message, Radio, Select, Typography } from '@arco-design/web-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ENCRYPTION_TYPES, projectInputSchema, type EncryptionType, type Project, type ProjectInput } from '@dialwise/contracts';
import { RequestFailure } from '../../api/client.ts';
import { formFieldRule } from '../../forms/zod-rules.ts';
import { currentLocale } from '../../locale/index.ts';
import { TimeZoneNote, useCompanyTime } from '../../locale/company-time.tsx';
import { createProject, getProject, listOperatorOptions, projectKeys, updateProject } from './api.ts';
import { markServerErrors } from '../../forms/server-errors.ts';
import { checkFormInput } from '../../forms/check-form.ts';
import { useStaleEdit } from '../../forms/stale-edit.tsx';
import { RadioChoices } from '../../forms/RadioChoices.tsx';
import { FormModal, useFormFill, useFormSave } from '../../forms/form-modal.tsx';

interface Props {
  /** The project being edited; null to add one. */
  project: Project | null;
  visible: boolean;
  onClose(): void;
}

/** Add or edit a project. The encryption type is chosen once: on edit it shows, disabled, with why. */
export function ProjectFormModal({ project: opened, visible, onClose }: Props) {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const edit = useStaleEdit(opened, (p) => getProject(p.id));
  const project = edit.entity;
  const locale = currentLocale();
  const [form] = Form.useForm<ProjectInput>();
  const queryClient = useQueryClient();
  const type = Form.useWatch('encryptionType', form) as EncryptionType | undefined;
  const operators = useQuery({ queryKey: projectKeys.operators, queryFn: listOperatorOptions, enabled: visible });

  useFormFill(
    form,
    visible,
    project,
    (current): Partial<ProjectInput> =>
      current
        ? {
            name: current.name,
            encryptionType: current.encryptionType,
            encryptionApiUrl: current.encryptionApiUrl ?? undefined,
            operatorIds: current.operators.map((o) => o.id),
          }
        : { encryptionType: 'PLAIN_TEXT', operatorIds: [] },
  );

  const save = useFormSave({
    form,
    edit,
    check: () => checkFormInput(form, projectInputSchema, locale),
    save: (input: ProjectInput) => (project ? updateProject({ ...input, id: project.id, version: project.version }) : createProject(input)),
    onSaved: () => {
      Message.success(t(project ? 'projects.saved' : 'projects.created'));
      void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      onClose();
    },
    markRefusal: (error) => {
      // A taken name is the name field's problem: show it there too.
      if (error instanceof RequestFailure && error.code === 409) form.setFields({ name: { error: { message: error.message } } });
      else markServerErrors(form, error);
    },
  });

  const rule = (field: string) => formFieldRule(projectInputSchema, field, locale, () => form.getFieldsValue());

  return (
    <FormModal
      title={t(project ? 'projects.form.editTitle' : 'projects.form.addTitle')}
      visible={visible}
      onClose={onClose}
      save={save}
      okText={t('common.ok')}
      submitTestId="project-form-submit"
      formTestId="project-form"
    >
      <Form.Item field="name" label={t('projects.form.name')} rules={[rule('name')]} validateTrigger={['onBlur', 'onChange']}>
        <Input placeholder={t('projects.form.namePlaceholder')} maxLength={40} data-testid="project-name" />
      </Form.Item>
      <Form.Item
        field="encryptionType"
        label={t('projects.form.encryption')}
        rules={[rule('encryptionType')]}
        extra={project ? t('projects.form.encryptionLocked') : type ? t(`projects.enc.${type}.help`) : undefined}
      >
        <Radio.Group type="button" disabled={Boolean(project)} data-testid="project-encryption">
          <RadioChoices
            values={ENCRYPTION_TYPES}
            label={(value) => t(`projects.enc.${value}`)}
            testId={(value) => `project-encryption-${value}`}
          />
        </Radio.Group>
      </Form.Item>
      {type === 'CUSTOM' && (
        <Form.Item
          field="encryptionApiUrl"
          label={t('projects.form.apiUrl')}
          rules={[rule('encryptionApiUrl')]}
          extra={t('projects.form.apiUrlHelp')}
        >
          <Input placeholder={t('projects.form.apiUrlPlaceholder')} data-testid="project-api-url" />
        </Form.Item>
      )}
      <Form.Item field="operatorIds" label={t('projects.form.operators')} extra={t('projects.form.operatorsHelp')}>
        <Select
          mode="multiple"
          allowClear
          showSearch
          loading={operators.isLoading}
          placeholder={t('projects.form.operatorsPlaceholder')}
          data-testid="project-operators"
          filterOption={(input, option) =>
            String((option as { props?: { children?: unknown } }).props?.children ?? '')
              .toLowerCase()
              .includes(input.toLowerCase())
          }
        >
          {(operators.data ?? []).map((option) => (
            <Select.Option
              key={option.id}
              value={option.id}
              disabled={option.disabled && !project?.operators.some((o) => o.id === option.id)}
            >
              {`${option.alias || option.username} (${option.username})${option.disabled ? ` · ${t('projects.form.operatorDisabled')}` : ''}`}
            </Select.Option>
          ))}
        </Select>
      </Form.Item>
      {project && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {project.creator} · {time.format(project.createTime)} <TimeZoneNote />
        </Typography.Text>
      )}
    </FormModal>
  );
}
