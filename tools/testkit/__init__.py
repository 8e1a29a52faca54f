"""Helpers that the test suite and the benchmarks both use, so that neither reaches into the
other (``tests/test_architecture.py`` checks that ``benchmarks/`` imports nothing from
``tests/``):

* ``tools.testkit.arcade`` — an arcade app on a fake clock (``make_arcade``, ``settle``,
  ``RecordingAudio``, ``WallClock``);
* ``tools.testkit.records`` — finished games recorded through the public storage API
  (``record_games``);
* ``tools.testkit.postgres`` — a throwaway PostgreSQL cluster (``start_cluster``).
"""
