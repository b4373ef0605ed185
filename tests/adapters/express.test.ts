import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { correlationId, errorHandler, notFound, resourceRouter } from 'pagelope/express';
import { describeAdapterContract, type MountAdapter, type MountedApp } from '../contracts/adapter-contract';

/** Listens on 127.0.0.1, port 0; `close` ends keep-alive sockets too. */
async function listenOn(app: Express, server: Server = createServer(app)): Promise<MountedApp> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

const mount: MountAdapter = (routes, { bodyLimit }) => {
  const app = express();
  app.use(correlationId());
  app.use(
    resourceRouter(routes, {
      bodyLimit,
      locals: (req) => {
        const tenant = req.headers['x-tenant'];
        return { tenant: typeof tenant === 'string' ? tenant : undefined };
      },
    }),
  );
  app.use(notFound());
  app.use(errorHandler());
  return listenOn(app);
};

describeAdapterContract('express', mount);
