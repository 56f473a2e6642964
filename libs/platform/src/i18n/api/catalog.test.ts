import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_MESSAGE_KEYS } from '@waypoint/contracts';

const ROOT = path.resolve(__dirname, '../../../../..');
const catalog = (locale: string) =>
  JSON.parse(readFileSync(path.join(__dirname, `${locale}.json`), 'utf8')) as Record<
    string,
    string
  >;

test('every language has exactly the keys of ApiMessages', () => {
  for (const locale of ['fr', 'de', 'es', 'ar'])
    expect(Object.keys(catalog(locale)).sort()).toEqual([...API_MESSAGE_KEYS].sort());
});

test('npm run i18n:check finds what is wrong with an api catalog', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'api-catalog-'));
  try {
    const { 'auth.codeWrong': _dropped, ...french } = catalog('fr');
    writeFileSync(
      path.join(dir, 'fr.json'),
      JSON.stringify({ ...french, 'auth.extra': 'En trop' }),
    );
    writeFileSync(
      path.join(dir, 'de.json'),
      JSON.stringify({
        ...catalog('de'),
        'validation.atMostCharacters': 'Höchstens {count} Zeichen',
      }),
    );
    writeFileSync(
      path.join(dir, 'es.json'),
      JSON.stringify({
        ...catalog('es'),
        'auth.recoveryCodeUsed': 'Le quedan {left, plural, one {#}',
      }),
    );
    writeFileSync(path.join(dir, 'ar.json'), '{ not json');
    const run = spawnSync(process.execPath, ['scripts/i18n-check.mjs', `--api-only=${dir}`], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('fr.json: missing "auth.codeWrong"');
    expect(run.stderr).toContain('fr.json: "auth.extra" is not in the English catalog');
    expect(run.stderr).toContain(
      'de.json: "validation.atMostCharacters" uses {count} where English uses {max}',
    );
    // Broken ICU: reported as invalid, or as a message without the English placeholders.
    expect(run.stderr).toContain('es.json: "auth.recoveryCodeUsed"');
    expect(run.stderr).toContain('ar.json: missing or not JSON');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
