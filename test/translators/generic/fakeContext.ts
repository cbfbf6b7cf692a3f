/** The repository's action tests use the public fake context of `gui-bridge/testing`. */
export { fakeActionContext as fakeContext, type PrimitiveCall as Call, type PrimitiveEffect as Effect } from '../../../src/testing/actionContext.js';
