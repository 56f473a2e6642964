import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import * as contracts from './index';

const sources = readdirSync(__dirname, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => readFileSync(path.join(__dirname, file), 'utf8'))
  .join('\n');

/** The exported names whose value is a zod schema. */
const schemaNames = Object.entries(contracts)
  .filter(([, value]) => value instanceof z.ZodType)
  .map(([name]) => name)
  .sort();

describe('contract types', () => {
  it('finds the schemas', () => {
    expect(schemaNames).toEqual(expect.arrayContaining(['User', 'LoginBody', 'ApplicationDetail']));
  });

  it('exports a type of the same name beside every schema, so no front end writes its own', () => {
    const missing = schemaNames.filter(
      (name) =>
        !new RegExp(`^export type ${name} = z\\.(infer|input|output)<typeof ${name}>;$`, 'm').test(
          sources,
        ),
    );
    expect(missing).toEqual([]);
  });
});
