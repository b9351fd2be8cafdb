import { render } from '@testing-library/react';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { SelectField, TextAreaField, TextField } from '@site/src/components/Form';

/** Server HTML in the document, then someone types, then React hydrates it. */
function typedBeforeHydration(ui: React.ReactElement, typed: Record<string, string>) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.appendChild(container);
  for (const [id, value] of Object.entries(typed)) (container.querySelector(`#${id}`) as HTMLInputElement).value = value;
  act(() => {
    render(ui, { container, hydrate: true });
  });
  return container;
}

describe('form fields keep input typed before the page was interactive', () => {
  it('reports the early value of a text field, a textarea and a select through onChange', () => {
    const changes: [string, string][] = [];
    const on = (id: string) => (e: { target: { value: string } }) => changes.push([id, e.target.value]);
    const options = [
      { value: 'low', label: 'Low' },
      { value: 'high', label: 'High' },
    ];
    const ui = (
      <form>
        <TextField id="name" label="Name" value="" onChange={on('name')} />
        <TextAreaField id="message" label="Message" value="" onChange={on('message')} />
        <SelectField id="priority" label="Priority" value="low" onChange={on('priority')} options={options} />
        <TextField id="untouched" label="Untouched" value="" onChange={on('untouched')} />
      </form>
    );
    typedBeforeHydration(ui, { name: 'Ada', message: 'Hello', priority: 'high' });
    expect(changes).toEqual([
      ['name', 'Ada'],
      ['message', 'Hello'],
      ['priority', 'high'],
    ]);
  });

  it('still hands the element to a ref passed by the form', () => {
    const ref = { current: null as HTMLInputElement | null };
    render(<TextField id="email" label="Email" value="" onChange={() => undefined} ref={ref} />);
    expect(ref.current?.id).toBe('email');
  });
});
