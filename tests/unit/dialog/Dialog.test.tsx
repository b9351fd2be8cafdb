import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import Dialog from '@site/src/components/Dialog';

function Harness({ onClose = jest.fn() }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        title="Update DNS"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        <p>Records</p>
      </Dialog>
    </>
  );
}

describe('Dialog: the one modal dialog', () => {
  it('renders nothing inside while closed; opens modal, named by its title, with focus on itself', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByText('Records')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Update DNS' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    expect(screen.getByText('Records')).toBeInTheDocument();
  });

  it('locks page scrolling while open and restores it, and focus, on close', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Records')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(opener).toHaveFocus();
  });

  it('asks its owner to close on Escape and on a click on the backdrop, not on a click inside', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.mouseDown(screen.getByText('Records'));
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    // jsdom lays nothing out (a 0×0 box at 0,0): a point away from it is on the backdrop.
    fireEvent.mouseDown(dialog, { clientX: 50, clientY: 50 });
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
