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
export type { RecordId, RecordIdOf } from '../resource/index';
