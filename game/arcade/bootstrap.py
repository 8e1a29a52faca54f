"""Wires the arcade together from parsed options: storage, context, audio, app, demo, kiosk and
the first scene. Games come from their specs (``game.games.GAMES``); nothing here names one."""

from __future__ import annotations

import argparse
import atexit
import gc
import logging
import os
import shutil
import tempfile
from typing import TYPE_CHECKING, Any

from game.arcade.app import ArcadeApp
from game.arcade.context import GameContext
from game.arcade.opening import HeldLog, StorageOpening
from game.arcade.spec import GAME_START_SCENES, GameSpec, StartOption, by_id
from game.arcade.storage import DataLock, Notice, Settings, Storage
from game.arcade.storage.lock import resolve_data_dir, unusable
from game.arcade.texts import ARCADE
from game.engine import assets, i18n
from game.engine.app import AppConfig, DisplayUnavailable
from game.engine.audio import Audio
from game.engine.scenes import Scene
from game.version import APP_NAME, FLEET_ENV

if TYPE_CHECKING:
    from game.arcade.fleet.config import FleetConfig
    from game.arcade.folderwatch import FolderWatch

log = logging.getLogger(__name__)

SHELL_SOUNDS = ("click", "tick", "music_menu")
"""Sounds the shell's own screens play; each game lists its own in its spec."""


def sounds(games: tuple[GameSpec, ...]) -> tuple[str, ...]:
    """Every sound the arcade plays (tools/make_sounds.py makes them); a missing one is named."""
    names = list(SHELL_SOUNDS)
    for spec in games:
        names += [name for name in spec.sounds if name not in names]
    return tuple(names)


class StartupError(Exception):
    """A start-up failure a user can cause (a bad path, missing files, a second copy): one
    clear line for the player and an exit status, never a traceback."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


def open_storage(data_dir: str | None, games: tuple[GameSpec, ...],
                 play_in_memory: bool = False) -> Storage:
    """The data folder's storage; ``StartupError`` (status 2) when a folder the player named
    cannot hold the data (not a folder, nothing can be written there: ``/proc``).
    ``play_in_memory``: the run's games are recorded and saved in memory only (never in the
    player's tables or saved games)."""
    try:
        if data_dir is not None:
            named = resolve_data_dir(data_dir)
            if os.path.lexists(named) and not os.path.isdir(named):
                raise StartupError(f"--data-dir: {named} is not a folder", 2)
        storage = Storage(data_dir, games=[spec.data for spec in games],
                          play_in_memory=play_in_memory)
    except ValueError as error:
        raise StartupError(f"--data-dir: {error}", 2) from None
    why = None if data_dir is None else unusable(storage.data_dir)
    if why is not None:
        raise StartupError(f"--data-dir: {storage.data_dir} cannot hold the game's data ({why})",
                           2)
    return storage


def build(args: argparse.Namespace, games: tuple[GameSpec, ...],
          play_in_memory: bool | None = None, reproducible: bool = False) -> ArcadeApp:
    """The arcade for ``args``; ``StartupError`` for what the player can fix.
    ``play_in_memory`` (default: for ``--bench`` and ``--demo``): the run's games are recorded
    and saved in memory only. ``reproducible``: one update per frame from the first scene on,
    so a ``--frames`` run of a demo plays the same frames on any machine."""
    check_resources()
    if args.bench and args.data_dir is None:
        # a benchmark keeps out of the player's data: its own folder, gone when it ends
        args.data_dir = tempfile.mkdtemp(prefix=f"{APP_NAME}-bench-")
        atexit.register(shutil.rmtree, args.data_dir, True)
    # a benchmark's or a demo's games are recorded and saved in memory: never in the player's
    # tables or saved games, even in the folder --data-dir names
    if play_in_memory is None:
        play_in_memory = bool(args.bench or args.demo)
    storage, watch = open_run_storage(args, games, play_in_memory)
    lock = DataLock(storage.data_dir)
    if storage.writable and watch is None and not lock.acquire():
        lock.request_raise()
        raise StartupError(already_running_message(storage, args.lang), 3)
    held = setup_logging(storage, hold=True)  # the log file opens after the first frame
    settings = storage.load_settings()
    if not storage.has_settings():  # the system's language once; then the player's own choice
        settings.language = i18n.system_locale()
        storage.save_settings(settings)
    start = start_option(args, games)
    game_id = start[0].id if start is not None else (args.game or settings.last_game)
    if not any(spec.id == game_id for spec in games):
        game_id = games[0].id
    settings.last_game = game_id
    chosen_variant = apply_variant_flags(args, games, settings)
    if args.lang:
        settings.language = args.lang
    demo = bool(args.demo or args.bench)
    ctx = GameContext(settings=settings, storage=storage, seed=args.seed, demo=demo,
                      notices=storage.notices)
    fleet = fleet_config(args, settings, storage)
    config = AppConfig(
        fullscreen=bool(args.fullscreen or settings.fullscreen or args.kiosk),
        frames=args.bench or args.frames,
        screenshot=args.screenshot,
        bench=bool(args.bench),
        size=(1080, 1920) if args.portrait or display_is_tall() else (1920, 1080),
        title=" · ".join(spec.logo for spec in games),
        window=settings.window,  # reopened where it was, if that still fits a monitor
    )
    try:
        app = ArcadeApp(config, ctx, games)
    except (DisplayUnavailable, i18n.CatalogueError) as error:
        raise StartupError(str(error)) from None
    app.fixed_steps_per_frame = app.fixed_steps_per_frame or reproducible
    app.data_lock = lock  # held for the process's life; the OS releases it on a crash
    # the records and the log file open after the first frame (read, checked, set aside)
    app.opening = StorageOpening(storage, held, lambda: app.frame, counted=app.counted)
    app.step_hooks.append(app.opening.step)
    watch_folder(app, watch)
    app.watch_raise_requests(lock)
    app.display.geometry_listeners.append(lambda geometry: remember_window(ctx, geometry))
    audio = Audio(assets.resource("assets", "sounds"))
    if audio.init():
        audio.load_all(expected=sounds(games))
    audio.set_volumes(settings.music_volume, settings.effects_volume)
    audio.mute_music(settings.music_muted)
    audio.mute_effects(settings.effects_muted)
    ctx.audio = audio
    # What the start made (modules, fonts, the app) lives as long as the process: kept out of
    # the full collections the shell runs after each change of screen, which then only pass
    # over what screens made since.
    gc.freeze()
    if fleet is not None:  # a thread of its own: nothing here waits for the venue's server
        from game.arcade import fleet as venue

        ctx.fleet = venue.start(fleet, storage, [spec.data for spec in games])
    if demo:
        from game.arcade.demo import DemoDriver

        app.demo = DemoDriver(app, games, game_id, seed=args.seed,
                              interval=3 if args.bench else 6,
                              cycle=not chosen_variant and not args.bench and start is None)
    kiosk = None
    if args.kiosk:
        from game.arcade.kiosk import Kiosk

        kiosk = Kiosk(app, pin=args.kiosk_pin, idle_seconds=settings.idle_seconds,
                      seed=args.seed)
        kiosk.install()
    if getattr(args, "replay", None) is not None:
        app.stack.push(replay_scene(app, storage, games, args.replay))
    elif start is not None:
        spec, option, value = start
        app.stack.push(app.nav.make(spec.scene_name(option.scene), **{option.argument: value}))
    else:
        app.stack.push(first_scene(app, by_id(games, game_id), args.scene, demo,
                                   resume=not args.bench))
    if kiosk is not None and kiosk.needs_pin:
        kiosk.ask_for_pin()  # no public default: the operator chooses one now (never again)
    return app


def open_run_storage(args: argparse.Namespace, games: tuple[GameSpec, ...],
                     play_in_memory: bool) -> tuple[Storage, FolderWatch | None]:
    """The run's storage (``open_storage``); for a kiosk whose data folder cannot be written,
    one that keeps the games in memory, with the :class:`FolderWatch` that writes them there
    later: a kiosk never exits for its data folder."""
    why = kiosk_folder_problem(args)
    if why is None:
        return open_storage(args.data_dir, games, play_in_memory=play_in_memory), None
    from game.arcade.folderwatch import FolderWatch

    data = [spec.data for spec in games]
    storage = Storage(args.data_dir, games=data, play_in_memory=True)
    if not any(notice.key == "notice.no_data_dir" for notice in storage.notices):
        storage.notices.append(Notice("notice.no_data_dir", {"path": str(storage.data_dir)}))
    return storage, FolderWatch(storage.data_dir, data, why, storage.notices)


def watch_folder(app: ArcadeApp, watch: FolderWatch | None) -> None:
    """A kiosk playing on in memory: its games go to its data folder once it can be written."""
    if watch is not None:
        watch.install(app.ctx.record_listeners, app.step_hooks)
        app.folder_watch = watch


def kiosk_folder_problem(args: argparse.Namespace) -> str | None:
    """Why the data folder a kiosk was given (``--data-dir``) cannot be written (read-only,
    gone), or None: another run, or a folder it can write, starts as usual (``open_storage``
    says what is wrong with a folder outside a kiosk, with status 2)."""
    if not args.kiosk or args.data_dir is None or args.bench:
        return None
    try:
        folder = resolve_data_dir(args.data_dir)
    except ValueError:
        return None  # a usage error: said by open_storage
    try:  # a folder not made yet is made, as the storage would: only one it cannot is a problem
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return error.strerror or str(error)
    return unusable(folder)


def fleet_config(args: argparse.Namespace, settings: Settings,
                 storage: Storage) -> FleetConfig | None:
    """The venue link of this run (``--fleet``, the environment, the settings), or ``None``;
    ``StartupError`` (status 2) for an option to fix. A password found in the settings (put
    there by hand) is taken out of the file: passwords come from libpq's password file or
    the environment, never from the settings."""
    url, name = getattr(args, "fleet", None), getattr(args, "kiosk_name", None)
    if url is None and name is None and not settings.fleet_url and not os.environ.get(FLEET_ENV):
        return None  # no fleet: nothing of it is loaded
    from game.arcade.fleet import config as conninfo
    from game.arcade.fleet.config import FleetConfigError, resolve, valid_kiosk_name

    if valid_kiosk_name(name):  # the name the VENUE LINK screen gives a server set there
        settings.kiosk_name = str(name)
    try:
        if settings.fleet_url and conninfo.has_password(settings.fleet_url):
            settings.fleet_url = conninfo.without_password(settings.fleet_url)
            storage.save_settings(settings)
            log.warning("the settings' fleet_url held a password: it was removed from the "
                        "file (use a libpq password file or PGPASSWORD)")
    except conninfo.ConnInfoError:
        pass  # resolve() ignores a settings value it cannot read
    try:
        return resolve(url, name, settings.fleet_url, settings.kiosk_name)
    except FleetConfigError as error:
        raise StartupError(str(error), 2) from None


def replay_scene(app: ArcadeApp, storage: Storage, games: tuple[GameSpec, ...],
                 path: str) -> Scene[ArcadeApp]:
    """``--replay FILE``: the scene of the game whose document it is (``StartupError`` with the
    reason when no game can play it back: what the storage warned about while reading it)."""
    heard = _Warnings()
    watched = logging.getLogger("game.arcade.storage")
    watched.addHandler(heard)
    try:
        found = storage.load_document(path)
    finally:
        watched.removeHandler(heard)
    spec = next((s for s in games if found is not None and s.id == found[0]), None)
    if found is None or spec is None or spec.replay_scene is None:
        why = heard.said[-1] if heard.said else "not a game record this arcade can read"
        from game.arcade.storage import LOG_FILE

        raise StartupError(f"cannot replay {path}: {why} (more in the log, {LOG_FILE} in the "
                           f"data folder)")
    return app.nav.make(spec.scene_name(spec.replay_scene), record=found[1])


class _Warnings(logging.Handler):
    """The warnings one call logged, for the one line a failed start prints."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.said: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.said.append(record.getMessage())


def check_resources() -> None:
    """The game's own files must be there (a broken install, a wrong MAGDAGDON_RESOURCES)."""
    needed = [assets.resource("assets", "i18n", "arcade.en.json"), assets.resource("fonts")]
    missing = [str(path) for path in needed if not path.exists()]
    if missing:
        raise StartupError(f"the game's files are missing ({', '.join(missing)}): reinstall the "
                           f"game or check {assets.RESOURCES_ENV}")


def already_running_message(storage: Storage, language: str | None = None) -> str:
    """"Already running", in the player's language (the second copy's only output)."""
    return say(storage, language, "startup.already_running",
               "The game is already running with this data folder.")


def say(storage: Storage, language: str | None, key: str, fallback: str,
        **params: object) -> str:
    """The text ``key`` in ``language`` (else the player's, else the system's), for a run
    without a window; ``fallback`` when the texts cannot be read."""
    try:
        if language is None and storage.has_settings():
            language = storage.load_settings().language
        i18n.setup(language or i18n.system_locale())
        return ARCADE.t(key, **params)
    except Exception:  # noqa: BLE001 - the message must come out whatever the texts say
        return fallback


def reset_pin(args: argparse.Namespace, games: tuple[GameSpec, ...]) -> int:
    """``--reset-pin``: forget the kiosk operator's PIN and its lockout, so the kiosk asks for
    a new one at its next start (the operator's way back in after a lost PIN). Refused while
    a copy runs on the folder (status 3); one line on stdout, the exit status."""
    storage = open_storage(args.data_dir, games)
    lock = DataLock(storage.data_dir)
    if storage.writable and not lock.acquire():
        print(say(storage, args.lang, "startup.pin_reset_running",
                  "The kiosk is running with this data folder: stop it first."))
        return 3
    try:
        setup_logging(storage)
        done = storage.reset_kiosk_pin()
        storage.close()
        log.info("--reset-pin: the kiosk operator's PIN %s", "was reset" if done
                 else "could not be reset")
    finally:
        lock.release()
    path = str(storage.data_dir)
    if not done or not storage.writable:
        print(say(storage, args.lang, "startup.pin_reset_failed",
                  f"The operator PIN could not be removed from {path}.", path=path))
        return 1
    print(say(storage, args.lang, "startup.pin_reset",
              f"The operator PIN was removed from {path}.", path=path))
    return 0


def start_option(args: argparse.Namespace, games: tuple[GameSpec, ...]
                 ) -> tuple[GameSpec, StartOption, object] | None:
    """The game's own start option given (``--daily …``): its game, option and value."""
    for spec in games:
        for option in spec.start_options:
            value = getattr(args, option.flag.replace("-", "_"), None)
            if value is not None:
                return spec, option, value
    return None


def apply_variant_flags(args: argparse.Namespace, games: tuple[GameSpec, ...],
                        settings: Settings) -> bool:
    """``--difficulty`` and the like: the variant of new games; True when one was given."""
    given = False
    for spec in games:
        value = getattr(args, spec.variant_flag, None) if spec.variant_flag else None
        if value and spec.variant_setting is not None:
            settings.game(spec.id)[spec.variant_setting] = spec.variant(value).id
            given = True
    return given


def setup_logging(storage: Storage, hold: bool = False) -> HeldLog | None:
    """Warnings and errors to stderr; everything from INFO up to the rotating log file.
    ``hold``: the lines are held until the log file opens (``StorageOpening.open_log``); the
    holder, or ``None`` when the log was set up before."""
    root = logging.getLogger()
    root.setLevel(logging.INFO)
    held = None
    if not any(getattr(h, "_arcade", False) for h in root.handlers):
        console = logging.StreamHandler()
        console.setLevel(logging.WARNING)
        console.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        held = HeldLog(storage) if hold else None
        for handler in (console, held or storage.log_handler()):
            if handler is not None:
                handler._arcade = True  # type: ignore[attr-defined]
                root.addHandler(handler)
    logging.getLogger(__name__).info("arcade starting; data in %s", storage.data_dir)
    return held


def remember_window(ctx: GameContext, geometry: dict[str, Any]) -> None:
    """The player moved or resized the window: reopen it there next time."""
    ctx.settings.window = geometry
    ctx.save_settings()


def display_is_tall() -> bool:
    """A portrait screen (e.g. a kiosk pillar) gets the portrait layout automatically."""
    import pygame

    try:
        pygame.display.init()
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return False
    return bool(sizes) and sizes[0][1] > sizes[0][0]


def first_scene(app: ArcadeApp, spec: GameSpec, name: str | None, demo: bool,
                resume: bool = True) -> Scene[ArcadeApp]:
    """``--scene`` wins; a demo plays at once; else the title. ``play`` (and the demo) resume
    the stored saved game; a benchmark (``resume=False``) always starts a fresh one."""
    if name == "play" or (name is None and demo):
        saved = app.ctx.load_saved_game(spec.id) if resume else None
        if saved is not None:
            return app.nav.make(spec.scene_name("play"), saved=saved)
        return app.nav.make(spec.scene_name("play"),
                            variant=spec.default_variant(app.ctx.settings))
    if name in GAME_START_SCENES:
        return app.nav.make(spec.scene_name(name))
    if name in ("settings", "scores", "stats"):
        return app.nav.make(name, game_id=spec.id)
    if name == "title" or name is None:
        return app.nav.make("title", game_id=spec.id)
    return app.nav.make(name)
