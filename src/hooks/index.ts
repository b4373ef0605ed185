export { createHookBus, type HookBus, type HookBusOptions, type HookEvents, type HookOptions } from './hook-bus';
