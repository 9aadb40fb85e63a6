import { fireEvent, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { SelectField } from './fields';

const options = [
  { value: 'GB', label: 'United Kingdom (+44)' },
  { value: 'IN', label: 'India (+91)' },
  { value: 'TT', label: 'Trinidad & Tobago (+1)' },
];

describe('SelectField with fixed options', () => {
  it('is rendered on the server as with option elements: every option, the value selected, text escaped', () => {
    const fixed = renderToString(<SelectField path="phoneCountry" label="Country Code" value="IN" onChange={() => {}} options={options} fixedOptions />);
    const plain = renderToString(<SelectField path="phoneCountry" label="Country Code" value="IN" onChange={() => {}} options={options} />);
    expect(fixed).toBe(plain);
    expect(fixed).toContain('<option selected value="IN">India (+91)</option>');
    expect(fixed).toContain('Trinidad &amp; Tobago (+1)');
  });

  it('follows the value given and reports the one chosen', () => {
    const onChange = vi.fn();
    const view = render(<SelectField path="phoneCountry" label="Country Code" value="IN" onChange={onChange} options={options} fixedOptions />);
    const select = view.getByLabelText('Country Code') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['GB', 'IN', 'TT']);
    expect(select.value).toBe('IN');
    view.rerender(<SelectField path="phoneCountry" label="Country Code" value="GB" onChange={onChange} options={options} fixedOptions />);
    expect(select.value).toBe('GB');
    expect(select.options).toHaveLength(3);
    fireEvent.change(select, { target: { value: 'TT' } });
    expect(onChange).toHaveBeenCalledWith('TT');
  });
});
