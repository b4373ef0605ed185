export { pagelope, type PagelopeFastifyOptions } from './pagelope';
