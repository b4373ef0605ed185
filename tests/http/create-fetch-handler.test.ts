/** The adapter contract against `createFetchHandler`: the edge (`handleExchange`) on Fetch API requests. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createFetchHandler } from '../../src/http/index';
import { describeAdapterContract, type MountAdapter } from '../contracts/adapter-contract';

const mount: MountAdapter = async (routes, { bodyLimit, depthLimit, prefix, reportError }) => {
  const handler = createFetchHandler(routes, {
    bodyLimit,
    depthLimit,
    prefix,
    reportError,
    locals: (request) => ({ tenant: request.headers.get('x-tenant') ?? undefined }),
  });
  const server = createServer(getRequestListener(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

describeAdapterContract('createFetchHandler', mount);
