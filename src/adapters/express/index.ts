// pagelope/express: the adapter lands here (issue 10).
export {};
