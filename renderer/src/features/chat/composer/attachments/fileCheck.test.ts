import { describe, expect, it } from 'vitest';
import { attachmentLimits } from '../../../../../../shared/attachments.ts';
import { checkPicked, pastedName } from './fileCheck.ts';

describe('checks before a file crosses the bridge', () => {
  it('refuses files over the upload limit and past 20 on the message, keeping the rest', () => {
    const picked = [
      { name: 'ok.png', size: 1000 },
      { name: 'huge.iso', size: attachmentLimits.uploadBytes + 1 },
      { name: 'also.pdf', size: 2000 },
    ];
    const { accepted, problems } = checkPicked(picked, 19);
    expect(accepted).toEqual([0]);
    expect(problems).toEqual([
      { name: 'huge.iso', key: 'problem.tooLarge', values: { name: 'huge.iso', size: '32.0', max: 32 } },
      { name: 'also.pdf', key: 'problem.tooMany', values: { name: 'also.pdf', max: 20 } },
    ]);
  });

  it('names a pasted image by the time it was pasted', () => {
    const at = new Date('2026-12-01T18:36:05Z');
    expect(pastedName({ name: 'image.png', type: 'image/png' }, at)).toBe('pasted-2026-12-01-18-36-05.png');
    expect(pastedName({ name: '', type: 'image/jpeg' }, at)).toBe('pasted-2026-12-01-18-36-05.jpg');
    expect(pastedName({ name: 'diagram.webp', type: 'image/webp' }, at)).toBe('diagram.webp');
  });
});
