import { z } from 'zod';
import { ValidationText } from './messages';
import { IdParams, IsoDate, text, withoutForbiddenCharacters } from './primitives';

describe('text()', () => {
  const schema = text().trim().max(20);

  it('refuses a NUL character and unpaired surrogates with one clear message', () => {
    for (const value of ['a\u0000b', 'a\ud800', '\udc00b', 'x\ud83d']) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([
        ValidationText.forbiddenCharacters,
      ]);
    }
  });

  it('accepts ordinary text, including emoji (surrogate pairs) and line breaks', () => {
    expect(schema.parse(' Zoë 😀\n')).toBe('Zoë 😀');
  });

  it('keeps the type error message it is given', () => {
    const named = z.object({ name: text({ error: 'Name is required' }) });
    expect(named.safeParse({ name: 1 }).error?.issues[0]?.message).toBe('Name is required');
  });

  it('can clean a name taken as it comes', () => {
    expect(withoutForbiddenCharacters('me\u0000.jpg')).toBe('me.jpg');
    expect(withoutForbiddenCharacters('a\ud800b😀')).toBe('a\ufffdb😀');
  });
});

describe('IsoDate', () => {
  it.each(['2024-02-30', '2024-13-45', '9999-99-99', '2023-02-29', '2024-00-10'])(
    'refuses the impossible date %s',
    (value) => {
      expect(IsoDate.safeParse(value).error?.issues[0]?.message).toBe(ValidationText.realDate);
    },
  );

  it('accepts real dates, leap days included, and refuses other forms', () => {
    expect(IsoDate.parse('2024-02-29')).toBe('2024-02-29');
    expect(IsoDate.safeParse('29/02/2024').error?.issues[0]?.message).toBe(
      ValidationText.dateFormat,
    );
  });
});

describe('IdParams', () => {
  it('accepts a UUID and nothing else', () => {
    expect(IdParams.safeParse({ id: '6f1c2b0e-3f5d-4c1a-9b7e-2d4f6a8c0e12' }).success).toBe(true);
    for (const id of [
      'not-an-id',
      '../../etc/passwd',
      '',
      '6f1c2b0e-3f5d-4c1a-9b7e-2d4f6a8c0e1\u0000',
    ]) {
      expect(IdParams.safeParse({ id }).error?.issues[0]?.message).toBe(ValidationText.invalidId);
    }
  });
});
