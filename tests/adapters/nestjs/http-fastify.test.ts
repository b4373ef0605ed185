/**
 * The adapter, relations and existing-schema HTTP contracts of `pagelope/nestjs` on Nest's Fastify platform. npm test
 * runs the nestjs contracts once, on the Express platform (http.test.ts, in its smoke project); this file runs them on
 * the second platform against the built package, in the dist project of npm run test:all.
 */
import { describeRelationsAdapterContract } from '../../contracts/adapter/relations-contract';
import { describeAdapterContract } from '../../contracts/adapter-contract';
import { describeExistingSchemaHttpContract } from '../../contracts/existing-schema-http-contract';
import { mountOn } from './mount-on';

describeAdapterContract('nestjs on fastify', mountOn('fastify'));
describeRelationsAdapterContract('nestjs on fastify', mountOn('fastify'));
describeExistingSchemaHttpContract('nestjs on fastify', mountOn('fastify'));
