"""Game-agnostic pygame infrastructure: loop, scenes, input, display, tweens, assets, audio.

Submodules are imported directly (``from game.engine.scenes import Scene``); this package
imports nothing eagerly so that importing one piece stays cheap.
"""
