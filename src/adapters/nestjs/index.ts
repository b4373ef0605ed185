// pagelope/nestjs: the adapter lands here (issue 10).
export {};
