import { Button, Form, Select, Tooltip } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconDelete } from '@arco-design/web-react/icon';
import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pathText, type ProcessorOption, type ProcessorType } from '@dialwise/contracts';
import type { Draft, Path } from './draft.ts';

export interface EditorApi {
  draft: Draft;
  /** Sets one value and marks its field touched (its problems show from now on). */
  update(path: Path, value: unknown): void;
  /** Changes several places at once (moving, renaming). */
  change(fn: (draft: Draft) => Draft, touched?: Path): void;
  /** The problem to show at a path: once touched, after a save attempt, or as the server reported it. */
  errorAt(path: Path): string | undefined;
  /** Every current problem (shown or not), path → message. */
  errors: Map<string, string>;
  showAll: boolean;
  processors: ProcessorOption[];
}

export const EditorContext = createContext<EditorApi | null>(null);

export function useEditor(): EditorApi {
  const api = useContext(EditorContext);
  if (!api) throw new Error('useEditor outside the scenario editor');
  return api;
}

/** `scn-routers-0-name`: the test id of a path's input. */
export function testId(path: Path): string {
  return `scn-${pathText(path).replace(/\./g, '-')}`;
}

/** A labelled field whose problem (from the contracts schema) shows under it. */
export function Field({
  path,
  label,
  required,
  extra,
  children,
  style,
}: {
  path: Path;
  label?: ReactNode;
  required?: boolean;
  extra?: ReactNode;
  children: ReactNode;
  style?: CSSProperties;
}) {
  const { errorAt } = useEditor();
  const error = errorAt(path);
  return (
    <Form.Item
      label={label}
      required={required}
      validateStatus={error ? 'error' : undefined}
      help={error}
      extra={extra}
      style={style}
      data-field={pathText(path)}
      data-testid={error ? `${testId(path)}-error` : undefined}
    >
      {children}
    </Form.Item>
  );
}

/** Up, down and remove buttons of a dynamic list's row. */
export function RowTools({
  index,
  count,
  onMove,
  onRemove,
  label,
}: {
  index: number;
  count: number;
  onMove(to: number): void;
  onRemove(): void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="scn-row-tools">
      <Tooltip content={t('scenario.router.moveUp')} mini>
        <Button
          size="mini"
          type="text"
          icon={<IconArrowUp />}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
          aria-label={`${label} ${t('scenario.router.moveUp')}`}
        />
      </Tooltip>
      <Tooltip content={t('scenario.router.moveDown')} mini>
        <Button
          size="mini"
          type="text"
          icon={<IconArrowDown />}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
          aria-label={`${label} ${t('scenario.router.moveDown')}`}
        />
      </Tooltip>
      <Tooltip content={t('scenario.router.remove')} mini>
        <Button
          size="mini"
          type="text"
          status="danger"
          icon={<IconDelete />}
          onClick={onRemove}
          aria-label={`${label} ${t('scenario.router.remove')}`}
          data-testid={`${label}-remove`}
        />
      </Tooltip>
    </div>
  );
}

/** Choose a processor of one type; invalid ones are listed but cannot be chosen. */
export function ProcessorSelect({
  type,
  value,
  onChange,
  allowNone,
  testid,
  status,
}: {
  type: ProcessorType;
  value: string | null;
  onChange(value: string | null): void;
  allowNone?: boolean;
  testid: string;
  status?: 'error';
}) {
  const { t } = useTranslation();
  const { processors } = useEditor();
  const options = processors
    .filter((p) => p.type === type)
    .map((p) => ({
      value: p.id,
      label: p.state === 'valid' ? `${p.alias}${p.llmModel ? ` · ${p.llmModel}` : ''}` : t('scenario.stream.invalid', { alias: p.alias }),
      disabled: p.state !== 'valid',
    }));
  const known = !value || options.some((o) => o.value === value);
  return (
    <Select
      value={value || undefined}
      allowClear={allowNone}
      showSearch
      status={status}
      data-testid={testid}
      placeholder={allowNone ? t('scenario.router.none') : t('scenario.stream.pick', { type: t(`processor.type.${type}`) })}
      options={known ? options : [...options, { value: value!, label: value!, disabled: true }]}
      onChange={(next?: string) => onChange(next ?? null)}
      filterOption={(input, option) =>
        String((option as { props?: { children?: unknown } }).props?.children ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
    />
  );
}
