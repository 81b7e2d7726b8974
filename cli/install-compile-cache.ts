/**
 * Side effect, on purpose: imported first by main.ts, so the code cache is in place before
 * any module requires the store (see compile-cache.ts). The bundle lives in `<runtime>/bin/`.
 */
import path from 'node:path';
import { enableCompileCache } from './compile-cache';

enableCompileCache(path.dirname(__dirname));
