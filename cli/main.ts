// consider-cli entry point. PLACEHOLDER: filled in by issue 2.
import { STORE_VERSION } from '../shared/store';
console.log(`consider-cli (store v${STORE_VERSION})`);
