// pagelope/fastify: the adapter lands here (issue 10).
export {};
