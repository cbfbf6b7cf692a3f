/** Types of eslint/layers.js (a plain ESM file: ESLint loads it without a build). */
export interface Layer {
  name: string;
  rank: number;
  prefixes: string[];
}
export declare const LAYERS: Layer[];
export declare const EXCEPTIONS: Array<{ from: string; to: string[] }>;
export declare function layerOf(path: string): Layer | undefined;
declare const plugin: { rules: Record<string, unknown> };
export default plugin;
