import { forwardRef } from 'react';

/**
 * The hidden file input behind an "Import" button (the button calls `ref.current.click()`): hands the picked
 * file over, then clears itself so that picking the same file again is a new pick.
 */
export const FilePicker = forwardRef<HTMLInputElement, { accept: string; testId: string; onPick(file: File | undefined): void }>(
  function FilePicker({ accept, testId, onPick }, ref) {
    return (
      <input
        ref={ref}
        type="file"
        accept={accept}
        hidden
        data-testid={testId}
        onChange={(event) => {
          onPick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    );
  },
);
