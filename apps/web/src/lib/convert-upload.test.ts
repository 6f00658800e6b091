import { describe, expect, it } from 'vitest';
import { convertFilesInForm, DOCUMENT_ACCEPT, type Converter } from './convert-upload';

const file = (name: string, type: string, text = name) => new File([text], name, { type, lastModified: 1_700_000_000_000 });

/** A stand-in for the conversion route: records what it was given, answers a "PDF" named like it. */
function recordingConverter(): Converter & { given: string[] } {
  const given: string[] = [];
  const convert = async (f: File) => {
    given.push(f.name);
    return new File([`%PDF of ${await f.text()}`], f.name.replace(/\.[^.]*$/, '.pdf'), { type: 'application/pdf' });
  };
  return Object.assign(convert, { given });
}

describe('photos and scans become PDFs before an upload', () => {
  it('converts each JPEG and TIFF, keeping the fields and the order; PDF and PNG go as they are', async () => {
    const form = new FormData();
    form.append('applicationId', 'a-1');
    form.append('file', file('id-front.JPG', 'image/jpeg'));
    form.append('idNumber', '123456789');
    form.append('other', file('scan.tiff', 'image/tiff'));
    form.append('extra', file('letter.pdf', 'application/pdf'));
    form.append('photo', file('card.png', 'image/png'));
    const convert = recordingConverter();

    const sent = await convertFilesInForm(form, convert);

    expect(convert.given).toEqual(['id-front.JPG', 'scan.tiff']);
    const entries = [...sent.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : value.name]);
    expect(entries).toEqual([
      ['applicationId', 'a-1'],
      ['file', 'id-front.pdf'],
      ['idNumber', '123456789'],
      ['other', 'scan.pdf'],
      ['extra', 'letter.pdf'],
      ['photo', 'card.png'],
    ]);
    expect(await (sent.get('file') as File).text()).toBe('%PDF of id-front.JPG');
    expect((sent.get('file') as File).type).toBe('application/pdf');
  });

  it('leaves a form without photos untouched and asks nothing', async () => {
    const form = new FormData();
    form.append('file', file('letter.pdf', 'application/pdf'));
    const convert = recordingConverter();
    expect(await convertFilesInForm(form, convert)).toBe(form);
    expect(convert.given).toEqual([]);
  });

  it('a failed conversion fails the upload (nothing is sent half-converted)', async () => {
    const form = new FormData();
    form.append('file', file('id.jpg', 'image/jpeg'));
    await expect(convertFilesInForm(form, () => Promise.reject(new Error('415')))).rejects.toThrow('415');
  });

  it('offers the camera and scanner types in the file controls', () => {
    for (const item of ['.pdf', '.png', '.jpg', '.jpeg', '.tif', '.tiff', 'image/jpeg', 'application/pdf'])
      expect(DOCUMENT_ACCEPT.split(',')).toContain(item);
  });
});
