import { describe, expect, it, vi } from 'vitest';
import { CONSENT_VERSION } from '../../gen/apply-rules';
import { fieldLabel } from './field-labels';
import {
  defaultLocation,
  digitsOnly,
  emptyEducation,
  emptyFiles,
  emptyValues,
  emptyWork,
  fieldId,
  formatBytes,
  formErrors,
  multipartBody,
  orderedProblems,
  restoredValues,
  outgoing,
  submissionFingerprint,
  updated,
  withScoreType,
  withSkill,
  type ApplyValues,
} from './form-state';

const file = (name: string, body = 'x') => new File([body], name, { type: 'application/octet-stream' });

describe('application form state', () => {
  it('changes one entry of a list from what it holds, and leaves a list without it alone', () => {
    const list = [{ n: 1 }, { n: 2 }];
    const next = updated(list, 1, (e) => ({ n: e.n * 10 }));
    expect(next).toEqual([{ n: 1 }, { n: 20 }]);
    expect(next[0]).toBe(list[0]);
    expect(list).toEqual([{ n: 1 }, { n: 2 }]);
    expect(updated(list, 2, () => ({ n: 0 }))).toEqual(list);
  });

  it("starts at the job's location when applicants may choose it, else Hyderabad", () => {
    expect(defaultLocation('Bangalore')).toBe('Bangalore');
    expect(defaultLocation('Hyderabad')).toBe('Hyderabad');
    expect(defaultLocation('Remote (India)')).toBe('Hyderabad');
    // A city's canonical name with the choice among its aliases, any case.
    expect(defaultLocation('Bengaluru', ['Bangalore'])).toBe('Bangalore');
    expect(defaultLocation('Bengaluru', ['bangalore '])).toBe('Bangalore');
    expect(defaultLocation('Bengaluru')).toBe('Hyderabad');
    expect(defaultLocation('HYDERABAD')).toBe('Hyderabad');
    expect(emptyValues('Bengaluru', ['Bangalore']).locationPreference).toBe('Bangalore');
    expect(emptyValues('Pune').locationPreference).toBe('Hyderabad');
    expect(emptyValues('Pune').phoneCountryCode).toBe('+91');
    expect(emptyValues('Pune').phoneCountry).toBe('IN');
  });

  it("gives a draft saved before the form asked for the phone's country its calling code's main country", () => {
    const fresh = emptyValues('Hyderabad');
    const { phoneCountry: _, ...old } = { ...fresh, firstName: 'Asha', phoneCountryCode: '+44' };
    expect(restoredValues(fresh, old)).toMatchObject({ firstName: 'Asha', phoneCountry: 'GB', phoneCountryCode: '+44' });
    expect(restoredValues(fresh, { ...fresh, phoneCountry: 'CA', phoneCountryCode: '+1' })).toMatchObject({ phoneCountry: 'CA', phoneCountryCode: '+1' });
    expect(restoredValues(fresh, { ...old, phoneCountryCode: '+999' })).toMatchObject({ phoneCountry: 'IN', phoneCountryCode: '+91' });
  });

  it('keeps only digits of a phone number', () => {
    expect(digitsOnly('+91 (98) 765-43a21')).toBe('91987654321');
  });

  it('clears the score when the score type changes, and only then', () => {
    const e = { ...emptyEducation(), score: '87.5' };
    expect(withScoreType(e, 'cgpa')).toMatchObject({ scoreType: 'cgpa', score: '' });
    expect(withScoreType(e, 'percentage').score).toBe('87.5');
  });

  it('adds a skill once, trimmed, whatever its case', () => {
    expect(withSkill(['React'], '  Go  lang ')).toEqual(['React', 'Go lang']);
    expect(withSkill(['React'], 'react')).toEqual(['React']);
    expect(withSkill(['React'], '   ')).toEqual(['React']);
  });

  it('leaves out entries left empty and maps error paths back to the form', () => {
    const v = emptyValues('Hyderabad');
    v.workExperiences = [emptyWork(), { ...emptyWork(), jobTitle: 'Developer' }];
    v.educations = [{ ...emptyEducation(), scoreType: 'cgpa' }];
    const out = outgoing(v, emptyFiles(), { homepage: '', elapsedMs: 4200 });
    expect(out.request.workExperiences.map((w) => w.jobTitle)).toEqual(['Developer']);
    expect(out.request.educations).toEqual([]);
    expect(out.request).toMatchObject({ consentVersion: CONSENT_VERSION, homepage: '', elapsedMs: 4200 });
    expect(formErrors({ 'workExperiences.0.companyName': 'Enter the company.', email: 'Bad.' }, out.index)).toEqual({
      'workExperiences.1.companyName': 'Enter the company.',
      email: 'Bad.',
    });
  });

  it('builds the multipart body: the JSON part first, then resume, ID document and certifications in order', async () => {
    const v = emptyValues('Hyderabad');
    v.certifications = [{ name: 'AWS' }, { name: 'No document' }, { name: 'CKA' }];
    const files = { resume: file('cv.pdf'), nationalIdDocument: file('id.png'), certifications: [file('aws.pdf'), null, file('cka.jpg')] };
    const { request } = outgoing(v, files, { homepage: '', elapsedMs: 1 });
    const body = multipartBody(request, files);
    expect([...body.keys()]).toEqual(['application', 'resume', 'nationalIdDocument', 'certification.0', 'certification.2']);
    expect(JSON.parse(body.get('application') as string)).toEqual(request);
    expect((body.get('certification.2') as File).name).toBe('cka.jpg');
  });

  it('names inputs after field paths', () => {
    expect(fieldId('workExperiences.0.jobTitle')).toBe('apply-workExperiences-0-jobTitle');
    expect(fieldId('certification.1')).toBe('apply-certification-1');
  });

  it('lists problems in the order of the form, unknown paths last', () => {
    const v = emptyValues('Hyderabad');
    const problems = orderedProblems({ consent: 'c', zzz: 'z', 'educations.0.score': 's', firstName: 'f', resume: 'r' }, v);
    expect(problems.map((p) => [p.path, p.known])).toEqual([
      ['firstName', true],
      ['educations.0.score', true],
      ['resume', true],
      ['consent', true],
      ['zzz', false],
    ]);
  });

  it('names fields in the summary as the form shows them', () => {
    expect(fieldLabel('email')).toBe('Email');
    expect(fieldLabel('workExperiences.1.jobTitle')).toBe('Work experience 2: Job Title');
    expect(fieldLabel('educations.0.location')).toBe('Education 1: Location');
    expect(fieldLabel('certifications.0.name')).toBe('Certification 1: Certification Name');
    expect(fieldLabel('certification.2')).toBe('Certification 3: Certification Document');
    expect(fieldLabel('skills.1', ['Go', 'Rust'])).toBe('Skills: Rust');
  });

  it('gives sizes in words', () => {
    expect([formatBytes(512), formatBytes(2048), formatBytes(5 * 1048576), formatBytes(1.25 * 1048576)]).toEqual([
      '512 B',
      '2 KB',
      '5 MB',
      '1.3 MB',
    ]);
  });

  describe('submission fingerprint', () => {
    const request = (over: Partial<ApplyValues> = {}, elapsedMs = 30_000) =>
      outgoing({ ...emptyValues('Hyderabad'), firstName: 'Asha', ...over }, emptyFiles(), { homepage: '', elapsedMs }).request;
    const cv = (over: { name?: string; body?: string; lastModified?: number } = {}) =>
      new File([over.body ?? '%PDF-1.4'], over.name ?? 'cv.pdf', { type: 'application/pdf', lastModified: over.lastModified ?? 1 });
    const withCv = (f: File) => ({ ...emptyFiles(), resume: f });

    async function check() {
      const same = await submissionFingerprint(request(), withCv(cv()));
      // The same content, later: the same fingerprint (the time spent is not content).
      expect(await submissionFingerprint(request({}, 95_000), withCv(cv()))).toBe(same);
      // Any edit, to a field or a file: another.
      const edited = [
        await submissionFingerprint(request({ firstName: 'Asha ' }), withCv(cv())),
        await submissionFingerprint(request({ nationalIdNumber: 'ABCDE1234F' }), withCv(cv())),
        await submissionFingerprint(request(), withCv(cv({ name: 'cv2.pdf' }))),
        await submissionFingerprint(request(), withCv(cv({ body: '%PDF-1.4\n%%EOF' }))),
        await submissionFingerprint(request(), withCv(cv({ lastModified: 2 }))),
        await submissionFingerprint(request(), { ...emptyFiles(), nationalIdDocument: cv() }),
        await submissionFingerprint(request(), emptyFiles()),
      ];
      expect(new Set([same, ...edited]).size).toBe(edited.length + 1);
      return same;
    }

    it('is the same for the same content and differs after any edit (SHA-256)', async () => {
      expect(await check()).toMatch(/^[0-9a-f]{64}$/);
    });

    it('works without crypto.subtle (plain HTTP)', async () => {
      vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
      try {
        expect(await check()).toContain('Asha');
      } finally {
        vi.unstubAllGlobals();
      }
    });
  });
});
