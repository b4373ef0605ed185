/** The adapter contract against `createFetchHandler`: the edge (`handleExchange`) on Fetch API requests. */
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createFetchHandler } from '../../src/http/index';
import { describeAdapterContract, type MountAdapter } from '../contracts/adapter-contract';
import { listenOnLoopback } from '../support/listen-on-loopback';

const mount: MountAdapter = (routes, { bodyLimit, depthLimit, prefix, reportError }) => {
  const handler = createFetchHandler(routes, {
    bodyLimit,
    depthLimit,
    prefix,
    reportError,
    locals: (request) => ({ tenant: request.headers.get('x-tenant') ?? undefined }),
  });
  return listenOnLoopback(createServer(getRequestListener(handler)));
};

describeAdapterContract('createFetchHandler', mount);
