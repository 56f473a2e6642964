import { dropTemplate, TEMPLATE_ENV } from './template';

export default async function globalTeardown() {
  const template = process.env[TEMPLATE_ENV];
  if (template) await dropTemplate(template);
}
