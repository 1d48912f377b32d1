import { Grid } from '@arco-design/web-react';
import { Children, type ReactNode } from 'react';

/**
 * Form fields side by side, as every add/edit modal lays them: each child in a column of the row, equal
 * shares of its 24 units unless `spans` gives each its own (columns past 24 wrap to a line of their own).
 */
export function FieldRow({ spans, children }: { spans?: readonly number[]; children: ReactNode }) {
  const fields = Children.toArray(children);
  return (
    <Grid.Row gutter={16}>
      {fields.map((field, index) => (
        <Grid.Col key={(field as { key?: string }).key ?? index} span={spans?.[index] ?? 24 / fields.length}>
          {field}
        </Grid.Col>
      ))}
    </Grid.Row>
  );
}
