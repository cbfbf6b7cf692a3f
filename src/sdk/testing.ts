/**
 * `gui-bridge/testing`: test a translator without a desktop. TranslatorTester checks
 * what translators make of recorded fixtures against `<scenario>.expected.json`; ActionTester runs
 * an action on a fixture window with a scripted context; `fakeActionContext` is that context, for
 * unit tests of a `run` on a hand-made tree. No test framework is bundled: pass `describe`/`it`.
 */
export {
  checkFixture,
  checkInputSchemas,
  describeFixtureFolder,
  expectedPathOf,
  fixtureFiles,
  loadFixture,
  updateRequested,
  type DescribeFn,
  type ItFn,
  type TesterOptions,
} from '../testing/tester.js';
export { translateFixture, type PublishedAction, type PublishedWindowView } from '../testing/fixtureView.js';
export { ActionTester, type ActionRunRequest, type ActionRunResult, type ActionTesterOptions } from '../testing/actionTester.js';
export {
  FAKE_APP,
  fakeActionContext,
  type FakeActionContext,
  type FakeContextOptions,
  type PrimitiveCall,
  type PrimitiveEffect,
} from '../testing/actionContext.js';
export type { Fixture } from '../platform/fixture/format.js';
