import { createTemplate, TEMPLATE_ENV } from './template';

export default async function globalSetup() {
  process.env[TEMPLATE_ENV] = await createTemplate();
}
