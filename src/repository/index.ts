export type {
  Repository,
  Transaction,
  QueryResultRows,
  CreateInput,
  Patch,
  ScopeOptions,
  ListItem,
  SelectFields,
  SelectList,
} from './repository';
