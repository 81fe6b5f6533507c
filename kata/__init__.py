"""The kata runner: finds the katas, loads the implementation under test, and reports in plain words."""
