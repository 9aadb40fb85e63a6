import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CertificationName, Education, WorkExperience } from '../../gen/wire';
import { CertificationsSection, type CertificationsUpdate } from './certifications-section';
import { EducationSection } from './education-section';
import type { ListUpdate } from './form-parts';
import { emptyEducation, emptyWork } from './form-state';
import { WorkSection } from './work-section';

// Fields the page replays after hydration (see lib/early-input.ts) may
// reach the sections' change handlers before the form renders again: each
// change must build on the one before, not on what was last rendered.

const noFocus = () => {};
const field = (name: string) => screen.getByLabelText(name, { exact: true }) as HTMLInputElement;
const pdf = (name: string) => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' });

type Change = (el: HTMLInputElement | HTMLSelectElement) => void;

/** Types value as the browser does: past React's own value tracking, then the input event React listens to. */
const typed =
  (value: string): Change =>
  (el) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  };
const chosen =
  (value: string): Change =>
  (el) => {
    el.value = value;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  };
const attached =
  (file: File): Change =>
  (el) => {
    Object.defineProperty(el, 'files', { value: [file], configurable: true });
    el.dispatchEvent(new Event('change', { bubbles: true }));
  };

let batch: () => void = () => {};

/** A section with a button that makes the changes of batch from one handler: React renders once, after all of them. */
function WithBatch({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <button type="button" onClick={() => batch()}>
        Batch
      </button>
    </>
  );
}

function changeAtOnce(...changes: [label: string, change: Change][]) {
  batch = () => changes.forEach(([label, change]) => change(field(label)));
  fireEvent.click(screen.getByRole('button', { name: 'Batch' }));
}

function Work() {
  const [entries, setEntries] = useState<WorkExperience[]>([emptyWork()]);
  return <WorkSection entries={entries} errors={{}} onChange={(update: ListUpdate<WorkExperience>) => setEntries(update)} focusLater={noFocus} />;
}

function Educations() {
  const [entries, setEntries] = useState<Education[]>([emptyEducation()]);
  return <EducationSection entries={entries} errors={{}} onChange={(update: ListUpdate<Education>) => setEntries(update)} focusLater={noFocus} />;
}

function Certifications() {
  const [entries, setEntries] = useState<CertificationName[]>([{ name: '' }]);
  const [files, setFiles] = useState<(File | null)[]>([null]);
  const onChange = (update: CertificationsUpdate) => {
    if (update.entries) setEntries(update.entries);
    if (update.files) setFiles(update.files);
  };
  return <CertificationsSection entries={entries} files={files} errors={{}} onChange={onChange} onRefused={() => {}} focusLater={noFocus} />;
}

describe('entry sections', () => {
  afterEach(() => {
    cleanup();
    batch = () => {};
  });

  it('keep every field of a job changed before the next render', () => {
    render(
      <WithBatch>
        <Work />
      </WithBatch>,
    );
    changeAtOnce(['Job Title', typed('Engineer')], ['Company Name', typed('Acme')], ['Start Date', typed('2020-01-01')]);
    expect(field('Job Title').value).toBe('Engineer');
    expect(field('Company Name').value).toBe('Acme');
    expect(field('Start Date').value).toBe('2020-01-01');
  });

  it('keep every field of a qualification changed before the next render, a new level included', () => {
    render(
      <WithBatch>
        <Educations />
      </WithBatch>,
    );
    changeAtOnce(['Institution', typed('IIT Madras')], ['Level', chosen("Master's")], ['Degree', typed('M.Tech')]);
    expect(field('Institution').value).toBe('IIT Madras');
    expect(field('Level').value).toBe("Master's");
    expect(field('Degree').value).toBe('M.Tech');
  });

  it('keep a certification’s name and document chosen before the next render', () => {
    render(
      <WithBatch>
        <Certifications />
      </WithBatch>,
    );
    const doc = pdf('aws.pdf');
    changeAtOnce(['Certification Name', typed('AWS Solutions Architect')], ['Certification Document', attached(doc)]);
    expect(field('Certification Name').value).toBe('AWS Solutions Architect');
    expect(screen.getByText(/Chosen: aws\.pdf/)).toBeTruthy();
  });
});
