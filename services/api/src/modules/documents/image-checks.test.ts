import sharp from 'sharp';
import { ApiMessages } from '@waypoint/contracts';
import { passportPage, photo } from '../../test/images';
import { checkImage } from './image-checks';

const failed = async (kind: 'PASSPORT_PAGE' | 'PHOTO', image: Buffer) =>
  (await checkImage(kind, image)).filter((c) => !c.passed).map((c) => c.id);

describe('passport page checks', () => {
  it('accepts a sharp, well-lit, landscape page', async () => {
    expect(await failed('PASSPORT_PAGE', await passportPage())).toEqual([]);
  });
  it('explains a picture that is too small', async () => {
    const checks = await checkImage(
      'PASSPORT_PAGE',
      await passportPage({ width: 700, height: 480 }),
    );
    expect(checks.find((c) => c.id === 'resolution')).toMatchObject({
      passed: false,
      message: expect.stringContaining('The picture is too small (700×480 pixels)'),
    });
  });
  it('refuses a portrait picture', async () => {
    expect(
      await failed('PASSPORT_PAGE', await passportPage({ width: 1100, height: 1600 })),
    ).toEqual(['orientation']);
  });
  it('refuses a blurred picture', async () => {
    expect(await failed('PASSPORT_PAGE', await passportPage({ blur: 12 }))).toContain('sharpness');
  });
  it('refuses a dark and an over-exposed picture', async () => {
    expect(
      await failed('PASSPORT_PAGE', await passportPage({ background: '#1e1e1e', ink: '#3a3a3a' })),
    ).toContain('too-dark');
    expect(
      await failed('PASSPORT_PAGE', await passportPage({ background: '#ffffff', ink: '#f4f4f4' })),
    ).toContain('over-exposed');
  });
});

describe('photo checks', () => {
  it('accepts a colour portrait on a plain light background', async () => {
    expect(await failed('PHOTO', await photo())).toEqual([]);
  });
  it('refuses a landscape photo and a small one', async () => {
    expect(await failed('PHOTO', await photo({ width: 1200, height: 900 }))).toEqual(['framing']);
    expect(await failed('PHOTO', await photo({ width: 300, height: 400 }))).toEqual(['resolution']);
  });
  it('refuses a dark or busy background', async () => {
    expect(await failed('PHOTO', await photo({ background: '#3b4d2a' }))).toContain('background');
  });
  it('refuses a black-and-white photo', async () => {
    expect(await failed('PHOTO', await photo({ grey: true }))).toEqual(['colour']);
  });
  it('refuses a blurred, well-lit photo for blur, not darkness', async () => {
    for (const sigma of [2.5, 4, 10]) {
      const blurred = await sharp(await photo())
        .blur(sigma)
        .jpeg({ quality: 92 })
        .toBuffer();
      expect({ sigma, failed: await failed('PHOTO', blurred) }).toEqual({
        sigma,
        failed: ['sharpness'],
      });
    }
    const checks = await checkImage(
      'PHOTO',
      await sharp(await photo())
        .blur(4)
        .toBuffer(),
    );
    expect(checks.find((c) => c.id === 'sharpness')).toEqual({
      id: 'sharpness',
      passed: false,
      message: 'Your photo is blurred. Hold the phone steady, tap to focus and try again.',
    });
    expect(ApiMessages['upload.photoBlurred']).toBe(
      checks.find((c) => c.id === 'sharpness')?.message,
    );
  });
  it('does not call a sharp photo blurred, whatever its size or light', async () => {
    for (const image of [
      await photo({ width: 600, height: 750 }),
      await photo({ width: 3000, height: 4000 }),
      await photo({ darken: 0.25 }),
      await photo({ background: '#3b4d2a' }),
      await photo({ grey: true }),
    ]) {
      expect(await failed('PHOTO', image)).not.toContain('sharpness');
    }
  });
  it('refuses a dark photo', async () => {
    const checks = await checkImage('PHOTO', await photo({ darken: 0.25 }));
    expect(checks.find((c) => c.id === 'too-dark')).toMatchObject({
      passed: false,
      message: 'The photo is too dark. Face a window or a light so your face is evenly lit.',
    });
  });
});
