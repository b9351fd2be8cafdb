import { act, fireEvent, render, screen } from '@testing-library/react';
import { COPIED_LABEL } from '@site/src/data/clipboard';
import { TIMINGS } from '@site/src/data/timings';
import { copyText } from '@site/src/lib/clipboard';
import { useCopy } from '@site/src/lib/useCopy';

function CopyProbe({ text }: { text: string }) {
  const { copied, copy } = useCopy();
  return (
    <button type="button" onClick={() => void copy(text)}>
      {copied ? COPIED_LABEL : 'Copy'}
    </button>
  );
}

const writeText = jest.fn<Promise<void>, [string]>();
const execCommand = jest.fn<boolean, [string]>();

function setClipboard(api: { writeText: typeof writeText } | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: api, configurable: true });
}

/** Lets the awaited clipboard promise settle inside act(). */
const settle = () => act(async () => {
  await Promise.resolve();
});

beforeEach(() => {
  writeText.mockReset().mockResolvedValue(undefined);
  execCommand.mockReset().mockReturnValue(false);
  setClipboard({ writeText });
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
});

afterEach(() => jest.useRealTimers());

describe('useCopy', () => {
  it(`shows ${COPIED_LABEL} for exactly the copy confirmation time (${TIMINGS.copyConfirmationMs} ms), then reverts`, async () => {
    jest.useFakeTimers();
    render(<CopyProbe text="curl https://example.test" />);
    fireEvent.click(screen.getByRole('button'));
    await settle();
    expect(writeText).toHaveBeenCalledWith('curl https://example.test');
    expect(screen.getByRole('button')).toHaveTextContent(COPIED_LABEL);
    act(() => jest.advanceTimersByTime(TIMINGS.copyConfirmationMs - 1));
    expect(screen.getByRole('button')).toHaveTextContent(COPIED_LABEL);
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('button')).toHaveTextContent('Copy');
  });

  it('restarts the confirmation when copying again, with one timer', async () => {
    jest.useFakeTimers();
    render(<CopyProbe text="abc" />);
    fireEvent.click(screen.getByRole('button'));
    await settle();
    act(() => jest.advanceTimersByTime(TIMINGS.copyConfirmationMs - 500));
    fireEvent.click(screen.getByRole('button'));
    await settle();
    // A timer left from the first copy would end the confirmation 500 ms early.
    act(() => jest.advanceTimersByTime(TIMINGS.copyConfirmationMs - 1));
    expect(screen.getByRole('button')).toHaveTextContent(COPIED_LABEL);
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('button')).toHaveTextContent('Copy');
  });

  it('never says Copied! when the browser refuses both ways', async () => {
    jest.useFakeTimers();
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    render(<CopyProbe text="secret" />);
    fireEvent.click(screen.getByRole('button'));
    await settle();
    await settle();
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(screen.getByRole('button')).toHaveTextContent('Copy');
    act(() => jest.advanceTimersByTime(TIMINGS.copyConfirmationMs));
    expect(screen.getByRole('button')).toHaveTextContent('Copy');
  });

  it('cancels its timer when the button goes away', async () => {
    jest.useFakeTimers();
    const { unmount } = render(<CopyProbe text="abc" />);
    fireEvent.click(screen.getByRole('button'));
    await settle();
    expect(screen.getByRole('button')).toHaveTextContent(COPIED_LABEL);
    const pending = jest.getTimerCount();
    unmount();
    expect(jest.getTimerCount()).toBe(pending - 1);
  });
});

describe('copyText', () => {
  it('uses the Clipboard API when there is one', async () => {
    await expect(copyText('one')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('one');
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('falls back to the copy command without the Clipboard API (plain HTTP), and gives focus back', async () => {
    setClipboard(undefined);
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    let selected = '';
    execCommand.mockImplementation(() => {
      const area = document.activeElement as HTMLTextAreaElement;
      selected = area.value.slice(area.selectionStart, area.selectionEnd);
      return true;
    });
    await expect(copyText('sk_test_123')).resolves.toBe(true);
    expect(selected).toBe('sk_test_123');
    expect(document.querySelector('textarea')).toBeNull();
    expect(document.activeElement).toBe(button);
    button.remove();
  });

  it('falls back when the Clipboard API refuses, and reports a refused copy command', async () => {
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    execCommand.mockReturnValueOnce(true);
    await expect(copyText('a')).resolves.toBe(true);
    execCommand.mockImplementationOnce(() => {
      throw new Error('not supported');
    });
    await expect(copyText('b')).resolves.toBe(false);
  });
});
