/** Every row of the parseListQuery tables, for the tests that run all inputs at once. */
import type { BadRow, ValidRow } from '../../../fixtures';
import * as filtersShorthand from './filters-shorthand';
import * as filtersSpecForm from './filters-spec-form';
import * as hostileKeys from './hostile-keys';
import * as inputForms from './input-forms';
import * as limitsAndPages from './limits-and-pages';
import * as operatorsByKind from './operators-by-kind';
import * as order from './order';
import * as resultAndList from './result-and-list';
import * as unknownParameters from './unknown-parameters';
import * as valueCoercion from './value-coercion';

const RULES = [
  limitsAndPages,
  order,
  filtersShorthand,
  filtersSpecForm,
  operatorsByKind,
  valueCoercion,
  unknownParameters,
  hostileKeys,
  inputForms,
  resultAndList,
];

export const ALL_VALID_ROWS: readonly ValidRow[] = RULES.flatMap((rule) => rule.VALID_ROWS);
export const ALL_BAD_ROWS: readonly BadRow[] = RULES.flatMap((rule) => rule.BAD_ROWS);
