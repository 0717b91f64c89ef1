import { generateAddresses } from '../src/modules/address/dataset/generate-addresses.ts';
import { findText, findDescription, searchTerms } from '../src/modules/address/address-format.ts';
let t = performance.now(); const all = generateAddresses(); console.log('gen', Math.round(performance.now() - t));
t = performance.now(); for (const a of all) { findText(a); findDescription(a); } console.log('text', Math.round(performance.now() - t));
t = performance.now(); for (const a of all) searchTerms(a).join(' '); console.log('terms', Math.round(performance.now() - t));
