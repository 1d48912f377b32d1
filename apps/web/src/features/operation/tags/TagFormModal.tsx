import { Form, Input, Message } from '@arco-design/web-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS, TAG_FIELD_MAX, tagInputSchema, type Tag, type TagInput } from '@dialwise/contracts';
import { fieldRule } from '../../../forms/zod-rules.ts';
import { checkFormInput } from '../../../forms/check-form.ts';
import { currentLocale } from '../../../locale/index.ts';
import { useStaleEdit } from '../../../forms/stale-edit.tsx';
import { FormModal, useFormFill, useFormSave } from '../../../forms/form-modal.tsx';
import { createTag, getTag, tagsKey, updateTag } from './api.ts';

/** Add or edit a tag; the rules are contracts' `tagInputSchema`, as on the server. */
export function TagFormModal({ editing, visible, onClose }: { editing: Tag | null; visible: boolean; onClose(): void }) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [form] = Form.useForm<TagInput>();
  const locale = currentLocale();
  const rule = (field: keyof TagInput) => [fieldRule(tagInputSchema, field, locale)];
  const edit = useStaleEdit(editing, (opened) => getTag(opened.id));
  const tag = edit.entity;
  useFormFill(form, visible, tag, (current) => current && { name: current.name, alias: current.alias, description: current.description });

  const save = useFormSave({
    form,
    edit,
    check: () => checkFormInput(form, tagInputSchema, locale),
    save: (values: TagInput) => (tag ? updateTag({ ...values, id: tag.id, version: tag.version }) : createTag(values)),
    onSaved: (saved) => {
      Message.success(t('tags.saved', { name: saved.name }));
      void queryClient.invalidateQueries({ queryKey: tagsKey });
      onClose();
    },
  });
  return (
    <FormModal
      title={tag ? t('tags.form.editTitle', { name: tag.name }) : t('tags.form.createTitle')}
      visible={visible}
      onClose={onClose}
      save={save}
      submitTestId="tag-form-submit"
      formTestId="tag-form"
    >
      <Form.Item field="name" label={t('common.name')} rules={rule('name')} required>
        <Input maxLength={TAG_FIELD_MAX.name} data-testid="tag-form-name" />
      </Form.Item>
      <Form.Item field="alias" label={t('common.alias')} rules={rule('alias')} required extra={t('tags.form.aliasHelp')}>
        <Input placeholder={t('tags.form.aliasPlaceholder')} maxLength={LIMITS.tagAlias.max} showWordLimit data-testid="tag-form-alias" />
      </Form.Item>
      <Form.Item field="description" label={t('tags.form.description')} rules={rule('description')} required>
        <Input.TextArea
          maxLength={TAG_FIELD_MAX.description}
          showWordLimit
          autoSize={{ minRows: 2, maxRows: 5 }}
          data-testid="tag-form-description"
        />
      </Form.Item>
    </FormModal>
  );
}
