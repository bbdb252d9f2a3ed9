// Drizzle needs every table in one schema object; this is the one aggregator the project allows.
export * from './auth';
export * from './ops';
export * from './application';
export * from './credit';
export * from './budget';
export * from './decision';
export * from './service-work';
export * from './enrollment';
export * from './creditors';
export * from './proposal';
export * from './counselling';
export * from './counselling-reminders';
export * from './agency-events';
export * from './relations';
