"""Pure-Python rules of the arcade's games.

Nothing here imports pygame or any other part of ``game``: the scenes, the AI
and the storage call the rules, never the other way round.
"""
