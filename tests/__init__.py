"""The tests: a folder per kata, the runner's own tests by what they prove, and tests.support."""
