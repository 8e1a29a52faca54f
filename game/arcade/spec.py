"""What a game tells the shell about itself: one ``GameSpec`` per game, registered once. The
shell's screens read the specs and never ask which game it is; everything heavy is named as a
lazy ``"module:attribute"`` string, so listing the games stays cheap at start-up.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property, reduce
from typing import TYPE_CHECKING, Any, NamedTuple

from game.engine.i18n import Catalogue

if TYPE_CHECKING:
    from game.arcade.storage import GameData

SHELL_START_SCENES = ("title", "settings", "scores", "stats", "about")
"""Shell screens ``--scene`` can open."""
GAME_START_SCENES = ("play", "rules")
"""Every game's own screens ``--scene`` can open (each spec must name both)."""


def load(ref: str) -> Any:
    """The object a ``"package.module:attribute"`` string names (imported on first use; the
    attribute may be dotted: ``"module:Class.method"``)."""
    module, _, attribute = ref.partition(":")
    if not attribute:
        raise ValueError(f"expected 'module:attribute', not {ref!r}")
    return reduce(getattr, attribute.split("."), importlib.import_module(module))


def later(ref: str) -> Callable[..., Any]:
    """A function that calls what ``ref`` names, imported on its first call: how a spec hands
    the storage its save codec and record checks without loading its session and rules
    before the title shows. Found once, then called directly (a record check runs per record)."""
    found: list[Callable[..., Any]] = []

    def call(*args: Any, **kwargs: Any) -> Any:
        if not found:
            found.append(load(ref))
        return found[0](*args, **kwargs)

    return call


class LaterMapping(Mapping[str, Any]):
    """The mapping the function ``ref`` names returns, built on its first read (as
    :func:`later`): e.g. the score ranges the rules work out, read by the venue link only."""

    def __init__(self, ref: str) -> None:
        self._ref = ref

    @cached_property
    def _items(self) -> Mapping[str, Any]:
        return dict(load(self._ref)())

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)


class Variant(NamedTuple):
    """One way to play a game (a difficulty, an opponent): its id as stored in records and
    settings, and its name and one-line description as keys of the game's catalogue."""

    id: str
    label_key: str
    line_key: str


class SettingItem(NamedTuple):
    """One row of the game's section on the settings screen: ``field`` in its settings,
    ``choices`` as (value, label key) chips; ``restarts_game``: changing it starts a new game,
    so one in progress is confirmed away first (M-2.2)."""

    field: str
    label_key: str
    choices: tuple[tuple[Any, str], ...]
    restarts_game: bool = False


class TileAction(NamedTuple):
    """One more button on the game's title tile (e.g. MAGDAGDON's DAILY): its label, a key of
    the game's catalogue, and the local scene it opens. ``kiosk``: offered on a public kiosk too
    (a daily challenge is not: its one attempt a day belongs to one player)."""

    label_key: str
    scene: str
    kiosk: bool = False


class StartOption(NamedTuple):
    """A game's own command-line option that starts one of its scenes with the option's value
    (``--daily YYYY-MM-DD`` → ``play`` with ``daily=…``); ``parse`` (``"module:function"``)
    raises ``ValueError`` with the reason. The demo plays such a start too."""

    flag: str
    metavar: str
    help: str
    parse: str
    scene: str
    argument: str


@dataclass(frozen=True)
class GameSpec:
    """Everything the shell needs to know about one game."""

    id: str
    """Stable id: storage keys, scene names (``"<id>.play"``), ``--game``."""
    logo: str
    """The game's name as drawn (kept in Latin letters in every language)."""
    texts: Catalogue
    """The game's own catalogue: variant names, settings labels, score headers, messages."""
    variants: tuple[Variant, ...]
    scenes: Mapping[str, str]
    """Local scene name → ``"module:Class"``; registered as ``"<id>.<name>"``. ``play`` is
    required (built with ``variant=…`` for a new game or ``saved=…`` to resume); ``rules`` is
    the game's help page."""
    data: GameData
    """What storage keeps of this game: save codec, record schema, settings section, and the
    migrations of its older files (``data.migrations``: the shell hands every registered game's
    to storage, so none of their formats is written into the shell)."""
    scores_view: str
    """``"module:Class"`` drawing this game's part of the scores screen."""
    stats_view: str | None
    """``"module:Class"`` drawing this game's part of the statistics screen."""
    demo: str
    """``"module:Class"`` of the player that plays this game through posted input events."""
    tile: str
    """``"module:function"`` ``draw_tile(surface, rect, time)``: the title's live miniature."""
    sounds: tuple[str, ...] = ()
    """The sound effects and music this game plays (loaded at start; a missing one is named)."""
    variant_setting: str | None = None
    """The field of the game's settings section that holds the variant of new games."""
    setup_scene: str | None = None
    """A local scene name NEW GAME opens instead of the shell's variant chooser."""
    settings_items: tuple[SettingItem, ...] = ()
    variant_flag: str | None = None
    """A command-line option choosing the variant of new games (e.g. ``difficulty``)."""
    about: str | None = None
    """The module of the game's part of the About page (``ABOUT`` blocks, ``ABOUT_FIGURES``,
    ``CENTERED``)."""
    replay_scene: str | None = None
    """A local scene name that plays back one of the game's documents (``--replay FILE``);
    built with ``record=<the document's data>``."""
    tile_actions: tuple[TileAction, ...] = ()
    start_options: tuple[StartOption, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    def scene_name(self, local: str) -> str:
        """The navigation name of one of this game's scenes."""
        return f"{self.id}.{local}"

    def variant(self, variant_id: str) -> Variant:
        """The variant called ``variant_id`` (any case); ``KeyError`` if there is none."""
        for variant in self.variants:
            if variant.id.lower() == str(variant_id).lower():
                return variant
        raise KeyError(variant_id)

    def default_variant(self, settings: Any) -> str:
        """The variant of a new game: the game's setting, else its first variant."""
        if self.variant_setting is not None:
            chosen = settings.game(self.id).get(self.variant_setting)
            if any(v.id == chosen for v in self.variants):
                return str(chosen)
        return self.variants[0].id

    def draw_tile(self) -> Callable[..., None]:
        return load(self.tile)  # type: ignore[no-any-return]


def by_id(games: tuple[GameSpec, ...], game_id: str) -> GameSpec:
    """The spec of ``game_id``; ``KeyError`` when no such game is registered."""
    for spec in games:
        if spec.id == game_id:
            return spec
    raise KeyError(game_id)
