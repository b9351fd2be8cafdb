// Both engines' API suites run side by side in npm test on 2 cores: a test of a few hundred
// requests (the rate-limit ones) can pass jest's 5 s there while taking ~1 s alone.
jest.setTimeout(20_000);
