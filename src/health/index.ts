/**
 * Live health: the playbook's operations checklist measured from RegionServers' and the master's `/jmx`.
 * See docs/health.md.
 *
 * @module
 */
export * from './catalogue.js';
export * from './causes.js';
export * from './readings.js';
export * from './evaluate.js';
export * from './format.js';
export * from './sample.js';
export * from './settings.js';
export * from './report-json.js';
