import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSubmitForm, type SubmitFormOptions, type SubmitOutcome } from './use-submit-form';

type Field = 'name' | 'note';
const FIELDS = ['name', 'note'] as const;
const EMPTY = { name: '', note: '' };

/** Both fields are required. */
function validate(values: Record<Field, string>) {
  const found: Partial<Record<Field, string>> = {};
  for (const f of FIELDS) if (!values[f]) found[f] = `Enter a ${f}.`;
  return found;
}

function Form({ send }: { send: SubmitFormOptions<Field>['send'] }) {
  const { values, errors, change, ref, status, sending, submit } = useSubmitForm(FIELDS, EMPTY, { validate, send });
  return (
    <form noValidate onSubmit={submit} aria-label="Test form">
      {FIELDS.map((f) => (
        <p key={f}>
          <label>
            {f}
            <input ref={ref(f)} value={values[f]} onChange={(e) => change(f, e.target.value)} />
          </label>
          <span>{errors[f]}</span>
        </p>
      ))}
      <button type="submit" disabled={sending}>
        {sending ? 'Sending' : 'Send'}
      </button>
      <p role="status">{status.kind === 'done' ? status.message : null}</p>
      <p role="alert">{status.kind === 'failed' ? status.message : null}</p>
    </form>
  );
}

/** send that waits until the test answers it. */
function pendingSend() {
  let answer: (o: SubmitOutcome<Field>) => void = () => {};
  const send = vi.fn((_values: Record<Field, string>, _elapsedMs: number | null) => new Promise<SubmitOutcome<Field>>((r) => (answer = r)));
  return { send, answer: (o: SubmitOutcome<Field>) => act(async () => answer(o)) };
}

const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const submit = () => fireEvent.submit(screen.getByRole('form'));

function fillBoth() {
  fireEvent.input(input('name'), { target: { value: 'Asha' } });
  fireEvent.input(input('note'), { target: { value: 'Hello' } });
}

describe('useSubmitForm', () => {
  afterEach(cleanup);

  it('sends nothing while a field is invalid: shows the messages and focuses the first', () => {
    const { send } = pendingSend();
    render(<Form send={send} />);
    fireEvent.input(input('note'), { target: { value: 'Hello' } });
    submit();
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByText('Enter a name.')).toBeTruthy();
    expect(document.activeElement).toBe(input('name'));
  });

  it('sends the values with the time since the form was shown, once at a time', () => {
    const { send } = pendingSend();
    render(<Form send={send} />);
    fillBoth();
    submit();
    expect(screen.getByRole('button').textContent).toBe('Sending');
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    submit();
    expect(send).toHaveBeenCalledTimes(1);
    const [values, elapsedMs] = send.mock.calls[0]!;
    expect(values).toEqual({ name: 'Asha', note: 'Hello' });
    expect(elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('clears the form and says so in the status line once accepted', async () => {
    const { send, answer } = pendingSend();
    render(<Form send={send} />);
    fillBoth();
    submit();
    await answer({ kind: 'done', message: 'Thanks!' });
    expect(screen.getByRole('status').textContent).toBe('Thanks!');
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(input('name').value).toBe('');
    expect(input('note').value).toBe('');
    expect(screen.getByRole('button').textContent).toBe('Send');
  });

  it('keeps what was typed and says why in the alert line when sending failed', async () => {
    const { send, answer } = pendingSend();
    render(<Form send={send} />);
    fillBoth();
    submit();
    await answer({ kind: 'failed', message: 'Try again.' });
    expect(screen.getByRole('alert').textContent).toBe('Try again.');
    expect(screen.getByRole('status').textContent).toBe('');
    expect(input('name').value).toBe('Asha');
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the fields the server refused at their fields and focuses the first, keeping what was typed', async () => {
    const { send, answer } = pendingSend();
    render(<Form send={send} />);
    fillBoth();
    submit();
    await answer({ kind: 'invalid', fields: { note: 'Too short.' } });
    expect(screen.getByText('Too short.')).toBeTruthy();
    expect(document.activeElement).toBe(input('note'));
    expect(input('note').value).toBe('Hello');
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(screen.getByRole('button').textContent).toBe('Send');
  });

  it('drops a failure message when the next try finds an invalid field', async () => {
    const { send, answer } = pendingSend();
    render(<Form send={send} />);
    fillBoth();
    submit();
    await answer({ kind: 'failed', message: 'Try again.' });
    fireEvent.input(input('name'), { target: { value: '' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(send).toHaveBeenCalledTimes(1);
  });
});
