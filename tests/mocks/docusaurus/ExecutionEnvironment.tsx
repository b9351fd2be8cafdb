// jsdom is a browser for these tests.
const ExecutionEnvironment = { canUseDOM: true, canUseEventListeners: true, canUseIntersectionObserver: false, canUseViewport: true };
export default ExecutionEnvironment;
