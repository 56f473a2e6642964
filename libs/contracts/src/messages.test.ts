import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as contracts from './index';
import { ClientErrorText } from './api-messages';
import { ErrorCode } from './messages';

describe('messages', () => {
  it('are exported from the package under their names', () => {
    expect(contracts.ClientErrorText).toBe(ClientErrorText);
    expect(contracts.ErrorCode).toBe(ErrorCode);
    expect(ClientErrorText).toEqual({
      requestFailed: 'Request failed',
      unknown: 'Unknown error',
      network: 'We could not reach Waypoint. Check your connection and try again.',
      networkUnsaved:
        'We could not reach Waypoint. Your changes are not saved. Check your connection and try again.',
      invalidValue: 'Please check this answer and try again',
    });
    expect(ErrorCode.VALIDATION_FAILED).toBe('VALIDATION_FAILED');
  });

  it('import only the message catalog, which imports nothing, so the front ends that use them do not download zod', () => {
    const source = readFileSync(path.join(__dirname, 'messages.ts'), 'utf8');
    const imports = [...source.matchAll(/^\s*import\b.*from '([^']+)';/gm)].map((m) => m[1]);
    expect(imports).toEqual(['./api-messages']);
    expect(source).not.toMatch(/\brequire\(/);
    const catalog = readFileSync(path.join(__dirname, 'api-messages.ts'), 'utf8');
    expect(catalog).not.toMatch(/^\s*import\b/m);
    expect(catalog).not.toMatch(/\brequire\(/);
  });
});
