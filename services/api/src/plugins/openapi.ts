import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the route schemas; the document at /api/docs/json, the viewer at /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Waypoint API',
        description:
          'Apply for a UK ETA or UK visitor visa: reference data, applications, payments, documents, accounts and administration. Every reply is `{ success, data }` or `{ success: false, error, code, messageKey, messageParams?, fieldErrors?, fieldErrorKeys?, requestId }`: `messageKey` and `fieldErrorKeys` name the messages in the catalog of libs/contracts (`ApiMessages`), so that a front end can show them in the language of its reader.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
