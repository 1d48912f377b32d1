import { Form, Modal, type FormInstance } from '@arco-design/web-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { markServerErrors } from './server-errors.ts';
import { StaleEditNotice, type StaleEdit } from './stale-edit.tsx';

/**
 * The frame of every add/edit modal (the form-modal kit, like `list-page/` for lists): the modal with the
 * house OK and Cancel, the stale-edit notice above the fields, and the vertical form. The page keeps its
 * fields and its save; the frame keeps how they sit.
 */
export function FormModal<V>(props: {
  title: ReactNode;
  visible: boolean;
  onClose(): void;
  /** The form, its conflict state and its save, from `useFormSave`. */
  save: FormSave<V>;
  /** The OK button's words; "Save" when unset (what most of these forms do). */
  okText?: string;
  submitTestId: string;
  formTestId: string;
  initialValues?: Partial<V>;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { form, edit, saving, submit } = props.save;
  return (
    <Modal
      title={props.title}
      visible={props.visible}
      onCancel={props.onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={props.okText ?? t('common.save')}
      cancelText={t('common.cancel')}
      style={props.width ? { width: props.width } : undefined}
      unmountOnExit
      okButtonProps={{ 'data-testid': props.submitTestId } as object}
    >
      <StaleEditNotice edit={edit} />
      <Form form={form} layout="vertical" initialValues={props.initialValues} data-testid={props.formTestId}>
        {props.children}
      </Form>
    </Modal>
  );
}

/**
 * Fills a form each time it opens (and again when a reload after a conflict brings the current entity):
 * the fields are reset, then set from `valuesOf(entity)` (`entity` null: the values of a new one).
 * `opening` is whatever says the form is open (false, null or undefined: closed).
 */
export function useFormFill<V, E>(
  form: FormInstance<V>,
  opening: unknown,
  entity: E | null,
  valuesOf: (entity: NoInfer<E> | null) => Partial<V> | null | undefined,
): void {
  // The latest `valuesOf` is read when the form opens; a new function each render does not refill it.
  const fill = useRef(valuesOf);
  fill.current = valuesOf;
  useEffect(() => {
    if (!opening) return;
    form.resetFields();
    const values = fill.current(entity);
    if (values) form.setFieldsValue(values as Parameters<FormInstance<V>['setFieldsValue']>[0]);
  }, [opening, entity, form]);
}

export interface FormSave<V> {
  form: FormInstance<V>;
  edit: Pick<StaleEdit<unknown>, 'stale' | 'reloading' | 'reload'>;
  saving: boolean;
  /** Checks the form (`check`) and, when it passes, saves. */
  submit(): Promise<void>;
}

/**
 * The save of an add/edit form: `check` answers the input (or null once the form shows what is wrong), then
 * `save` sends it. A refusal as stale shows the form's notice; any other refusal that names a field is
 * marked on it as well as toasted by the request layer.
 */
export function useFormSave<V, I, R>(options: {
  form: FormInstance<V>;
  edit: Pick<StaleEdit<unknown>, 'stale' | 'reloading' | 'reload' | 'caught'>;
  check(): Promise<I | null>;
  save(input: I): Promise<R>;
  onSaved(saved: R): unknown;
  /** Marks a refusal on the fields; `markServerErrors` when unset. */
  markRefusal?(error: unknown): void;
}): FormSave<V> {
  const mutation = useMutation({
    mutationFn: options.save,
    onSuccess: options.onSaved,
    onError: (error) => {
      if (options.edit.caught(error)) return;
      if (options.markRefusal) options.markRefusal(error);
      else markServerErrors(options.form, error);
    },
  });
  return {
    form: options.form,
    edit: options.edit,
    saving: mutation.isPending,
    async submit() {
      const input = await options.check();
      if (input !== null) mutation.mutate(input);
    },
  };
}

/**
 * Which entity a page's add/edit modal is open on (null: a new one). Closing keeps the entity, so the modal
 * fades out with the title and values it showed.
 */
export function useFormOpening<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [visible, setVisible] = useState(false);
  return {
    editing,
    visible,
    open(entity: T | null) {
      setEditing(entity);
      setVisible(true);
    },
    close: () => setVisible(false),
  };
}

/**
 * A form dialog mounted only while open: `Dialog` renders when the prop `key` holds an entity (null: a new
 * one) and nothing when it is undefined. Every opening so starts from the entity's values, and nothing typed
 * is reset under the user's fingers while it stays open.
 */
export function whileOpen<P, K extends keyof P>(key: K, Dialog: ComponentType<P & { [k in K]: Exclude<P[K], undefined> }>) {
  return function WhileOpen(props: P) {
    if (props[key] === undefined) return null;
    return <Dialog {...(props as P & { [k in K]: Exclude<P[K], undefined> })} />;
  };
}
