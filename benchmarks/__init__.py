"""Speed figures for the arcade (``python -m benchmarks.rules``); never part of the tests."""
