import { Form, Input, Message } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { LIMITS, TAG_FIELD_MAX, tagInputSchema, type Tag, type TagInput } from '@dialwise/contracts';
import { fieldRule } from '../../../forms/zod-rules.ts';
import { checkFormInput } from '../../../forms/check-form.ts';
import { currentLocale } from '../../../locale/index.ts';
import { useStaleEdit } from '../../../forms/stale-edit.tsx';
import { FormModal, useFormFill, useFormSave } from '../../../forms/form-modal.tsx';
import { createTag, getTag, updateTag } from './api.ts';

export type TagEditing = { mode: 'create' } | { mode: 'edit'; tag: Tag } | null;

/** Add or edit a tag; the rules are contracts' `tagInputSchema`, as on the server. */
export function TagFormModal({ editing, onClose, onSaved }: { editing: TagEditing; onClose(): void; onSaved(tag: Tag): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TagInput>();
  const locale = currentLocale();
  const rule = (field: keyof TagInput) => [fieldRule(tagInputSchema, field, locale)];
  const edit = useStaleEdit(editing?.mode === 'edit' ? editing.tag : null, (opened) => getTag(opened.id));
  const tag = edit.entity;
  useFormFill(form, editing, tag, (current) => current && { name: current.name, alias: current.alias, description: current.description });

  const save = useFormSave({
    form,
    edit,
    check: () => checkFormInput(form, tagInputSchema, locale),
    save: (values: TagInput) => (tag ? updateTag({ ...values, id: tag.id, version: tag.version }) : createTag(values)),
    onSaved: (saved) => {
      Message.success(t('tags.saved', { name: saved.name }));
      onSaved(saved);
    },
  });
  return (
    <FormModal
      title={tag ? t('tags.form.editTitle', { name: tag.name }) : t('tags.form.createTitle')}
      visible={editing !== null}
      onClose={onClose}
      save={save}
      okText={t('common.save')}
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
