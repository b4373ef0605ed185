/** The adapter contract against `createNodeHandler` of `pagelope/node`: the edge (`handleExchange`) on `node:http`. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeHandler } from '../../../src/adapters/node/index';
import { describeAdapterContract, type MountAdapter } from '../../contracts/adapter-contract';

const mount: MountAdapter = async (routes, { bodyLimit, depthLimit, prefix, reportError }) => {
  const handler = createNodeHandler(routes, {
    bodyLimit,
    depthLimit,
    prefix,
    reportError,
    locals: (req) => ({ tenant: typeof req.headers['x-tenant'] === 'string' ? req.headers['x-tenant'] : undefined }),
  });
  const server = createServer(handler);
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

describeAdapterContract('createNodeHandler', mount);
