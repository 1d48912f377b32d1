import { Button, Input } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';

/** The opening prologues, edited as one form value (a list of texts), so the list's rules show in one place. */
export function PrologueList({ value = [], onChange }: { value?: string[]; onChange?: (value: string[]) => void }) {
  const { t } = useTranslation();
  const set = (next: string[]) => onChange?.(next);
  return (
    <div className="prologue-list" data-testid="task-prologues">
      {value.map((text, index) => (
        <div className="prologue-row" key={index}>
          <span className="prologue-index">{index + 1}</span>
          <Input.TextArea
            value={text}
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={500}
            placeholder={t('taskForm.prologuePlaceholder')}
            onChange={(next) => set(value.map((item, i) => (i === index ? next : item)))}
            data-testid={`task-prologue-${index}`}
          />
          <Button
            icon={<IconDelete />}
            shape="circle"
            size="small"
            onClick={() => set(value.filter((_, i) => i !== index))}
            aria-label="remove"
          />
        </div>
      ))}
      {value.length < 10 && (
        <Button type="dashed" long icon={<IconPlus />} onClick={() => set([...value, ''])} data-testid="task-add-prologue">
          {t('taskForm.addPrologue')}
        </Button>
      )}
    </div>
  );
}
