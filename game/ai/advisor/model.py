"""Loading the learned weights once, lazily, for every difficulty (thread-safe)."""

from __future__ import annotations

import base64
import sys
import threading
import zlib
from array import array

from ...rules.magdagdon import Difficulty
from .core import CELLS
from .network import BASES, TABLE, Network, hand_tables
from .value import Valuer

_LOCK = threading.Lock()
_VALUERS: dict[Difficulty, Valuer] = {}


def decode_network(blob: str, scale: int) -> Network:
    """Inverse of ``tools/train_advisor.encode_network``."""
    values = array("h")
    values.frombytes(zlib.decompress(base64.b64decode(blob)))
    if sys.byteorder != "little":
        values.byteswap()
    floats = [v / scale for v in values]
    tables = {}
    for k, name in enumerate(BASES):
        tables[name] = floats[k * TABLE : (k + 1) * TABLE]
    bias = floats[len(BASES) * TABLE :]
    if len(bias) != CELLS + 1:
        raise ValueError("damaged advisor weights")
    return Network(tables, bias)


def _build(difficulty: Difficulty) -> Valuer:
    try:
        from . import weights
    except ImportError:  # not trained yet: the hand-made network (points so far)
        return Valuer(difficulty, Network(hand_tables()))
    network = decode_network(weights.NETWORKS[difficulty.minimum], weights.SCALE)
    return Valuer(difficulty, network, weights.ALLOWANCE.get(difficulty.name))


def valuer_for(difficulty: Difficulty) -> Valuer:
    """The shared, read-only valuer of a difficulty (built on first use)."""
    found = _VALUERS.get(difficulty)
    if found is None:
        with _LOCK:
            found = _VALUERS.get(difficulty)
            if found is None:
                found = _VALUERS[difficulty] = _build(difficulty)
    return found


def use_valuer(difficulty: Difficulty, valuer: Valuer) -> None:
    """Replace a difficulty's valuer: for the training tool's measurements, not the game."""
    with _LOCK:
        _VALUERS[difficulty] = valuer
