import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_TYPES_FILE, apiTypesSource } from './lib/api-types.js';

/** Regenerates src/api-types.ts from the routes' OpenAPI document. */
writeFileSync(API_TYPES_FILE, await apiTypesSource());
console.log(`wrote ${fileURLToPath(API_TYPES_FILE)}`);
