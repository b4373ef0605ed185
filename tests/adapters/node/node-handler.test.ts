/** The adapter contract against `createNodeHandler` of `pagelope/node`: the edge (`handleExchange`) on `node:http`. */
import { createServer } from 'node:http';
import { createNodeHandler } from '../../../src/adapters/node/index';
import { describeAdapterContract, type MountAdapter } from '../../contracts/adapter-contract';
import { listenOnLoopback } from '../../support/listen-on-loopback';

const mount: MountAdapter = (routes, { bodyLimit, depthLimit, prefix, reportError }) => {
  const handler = createNodeHandler(routes, {
    bodyLimit,
    depthLimit,
    prefix,
    reportError,
    locals: (req) => ({ tenant: typeof req.headers['x-tenant'] === 'string' ? req.headers['x-tenant'] : undefined }),
  });
  return listenOnLoopback(createServer(handler));
};

describeAdapterContract('createNodeHandler', mount);
