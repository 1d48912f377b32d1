import { Radio } from '@arco-design/web-react';

/** The radios of a Radio.Group, one a value, each with its words and (when `testId` is given) its test id. */
export function RadioChoices<V extends string>({
  values,
  label,
  testId,
}: {
  values: readonly V[];
  label(value: V): string;
  testId?(value: V): string;
}) {
  return (
    <>
      {values.map((value) => (
        <Radio key={value} value={value} data-testid={testId?.(value)}>
          {label(value)}
        </Radio>
      ))}
    </>
  );
}
