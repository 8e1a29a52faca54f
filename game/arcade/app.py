"""The arcade application: the engine's App plus the game's context, theme and demo player."""

from __future__ import annotations

import gc
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.arcade import textsize
from game.arcade.context import GameContext
from game.arcade.protocols import Demo, GameScene, KioskMode, Relabels
from game.arcade.spec import GameSpec
from game.arcade.texts import t
from game.arcade.theme import theme
from game.arcade.widgets import buttons, text, toast
from game.engine import assets, caches, i18n
from game.engine.app import App, AppConfig
from game.engine.display import hide_cursor
from game.engine.gui import InlineResourceLoader, UIManager
from game.engine.navigation import Navigator
from game.engine.scenes import SceneStack

if TYPE_CHECKING:
    import io
    import os

    from pygame_gui.core import UIAppearanceTheme
    from pygame_gui.core.package_resource import PackageResource

    from game.arcade.folderwatch import FolderWatch
    from game.arcade.opening import StorageOpening
    from game.arcade.storage import DataLock

    ThemeSource = str | os.PathLike[str] | io.StringIO | PackageResource | dict[str, Any]
    """What pygame-gui reads a theme from."""

NOTICE_FRAMES = 6 * 60  # a notice stays on screen for six seconds
COLLECT_AFTER_FRAMES = 20
"""Frames after a scene change before the collection it calls for (a third of a second)."""
log = logging.getLogger(__name__)


class _SharedThemeManager(UIManager):
    """A UIManager that reuses one parsed theme: every scene owns a manager, and parsing
    the theme (fonts for four languages) for each scene would drop a frame at every screen
    change."""

    _themes: dict[int, UIAppearanceTheme] = {}

    def create_new_theme(self, theme_path: ThemeSource | None = None) -> UIAppearanceTheme:
        key = id(theme_path)
        theme = self._themes.get(key)
        if theme is None:
            theme = super().create_new_theme(theme_path)
            self._themes[key] = theme
        return theme


class ArcadeApp(App):
    """Scenes reach the shared services through ``app.ctx``."""

    def __init__(self, config: AppConfig, ctx: GameContext, games: tuple[GameSpec, ...] = (),
                 clock: Callable[[], float] | None = None) -> None:
        if clock is None:
            super().__init__(config)
        else:
            super().__init__(config, clock)
        self.ctx = ctx
        self.games = games
        ctx.games = games
        # every game's settings section has its defaults, whatever built the settings
        ctx.settings.schemas = {**ctx.settings.schemas,
                                **{spec.id: spec.data.settings for spec in games}}
        i18n.clear_fonts()  # fonts of an earlier App died with its pygame.quit
        caches.reset_all()
        i18n.setup(ctx.settings.language)
        _SharedThemeManager._themes.clear()  # a theme's fonts die with pygame.quit too
        self._set_icon()
        self._theme = theme()
        register_scenes(self.nav, games)
        self.demo: Demo | None = None
        self.kiosk: KioskMode | None = None
        self.data_lock: DataLock | None = None  # one running copy per data folder
        self.folder_watch: FolderWatch | None = None  # a kiosk's unwritable data folder
        self.opening: StorageOpening | None = None  # the records, opened after the first frame
        self.crashes = 0
        self._notices_seen = 0
        self._overlay_shown = False  # the last draw_overlay drew something
        self._collect_at: int | None = None  # the frame of the collection after a scene left
        self._changed_at = -2  # the frame of the last scene change
        self._notices_from = 0
        self._notice_until = 0
        if config.frames is not None:
            self.fixed_steps_per_frame = True  # reproducible runs: one update per frame

    def _set_icon(self) -> None:
        icon = assets.load_image(assets.resource("assets", "icon.png"))
        if icon is not None:
            self.display.set_icon(icon)  # the window/taskbar icon

    def display_reopened(self) -> None:
        """A new window (a kiosk's was destroyed): its icon, and no pointer on a kiosk."""
        self._set_icon()
        if self.kiosk is not None:
            hide_cursor(True)

    @property
    def offered_games(self) -> tuple[GameSpec, ...]:
        """The games the title offers: every game, or on a kiosk the operator's choice."""
        return self.games if self.kiosk is None else self.kiosk.offered()

    def toggle_fullscreen(self) -> None:
        """F11; a kiosk has no way out of fullscreen but the operator's."""
        if self.kiosk is not None:
            log.info("F11 ignored: kiosks stay fullscreen")
            return
        super().toggle_fullscreen()

    def save_and_quit(self) -> None:
        """The window closed, ``systemctl stop``, a shutdown or Ctrl+C: every game in progress
        is saved (the next start resumes it) and the run ends with status 0."""
        for scene in self.stack.scenes:
            if isinstance(scene, GameScene):
                try:
                    scene.autosave()
                except Exception:  # noqa: BLE001 - stopping must not fail
                    log.exception("could not save the game while stopping")
        self.quit()

    def watch_raise_requests(self, lock: DataLock) -> None:
        """A second copy asked this one to come forward (it exits then): bring the window up."""

        def poll(_dt: float) -> None:
            if lock.raise_requested():
                self.presence.bring_forward("a second copy asked for the window")

        self.step_hooks.append(poll)

    def new_ui_manager(self, theme: str | Path | dict[str, Any] | None = None
                       ) -> pygame_gui.UIManager:
        manager = _SharedThemeManager(
            self.display.size,
            theme_path=theme or self._theme,
            starting_language=i18n.current(),
            translation_directory_paths=[str(i18n.TRANSLATIONS_DIR)],
            resource_loader=InlineResourceLoader(),
        )
        # pygame-gui loads by itself only with its own loader: the fonts the theme asked for
        manager.resource_loader.start()
        manager.resource_loader.update()
        return manager

    def set_language(self, code: str) -> None:
        """Switch every scene on the stack to ``code`` at once: texts, fonts, shaping."""
        i18n.set_locale(code)
        text.clear()
        for scene in self.stack.scenes:
            manager = getattr(scene, "ui", None)
            if manager is None:
                continue
            manager.set_locale(code)
            buttons.relabel(manager.get_sprite_group().sprites())
            if isinstance(scene, Relabels):
                scene.relabel()

    def overlay_damage(self) -> list[pygame.Rect] | None:
        """The overlay cannot redraw in parts: while it shows (the attract mode's TOUCH TO PLAY,
        a notice), and once when it goes, the whole screen is redrawn."""
        showing = (self.kiosk is not None and self.kiosk.attract) \
            or self.frame < self._notice_until or len(self.ctx.notices) > self._notices_seen
        return None if showing or self._overlay_shown else []

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """The newest storage notice, for a few seconds, over whatever scene is showing."""
        if self.kiosk is not None:
            self.kiosk.draw_overlay(surface)
        notices = self.ctx.notices
        if len(notices) > self._notices_seen:
            if self.frame >= self._notice_until:
                self._notices_from = self._notices_seen  # a new batch starts
            self._notices_seen = len(notices)
            self._notice_until = self.frame + NOTICE_FRAMES
        self._overlay_shown = self.kiosk is not None and self.kiosk.attract
        if self.frame < self._notice_until:
            shown = notices[max(self._notices_from, len(notices) - 3):]
            toast.draw(surface, [t(n.key, **n.params) for n in shown])
            self._overlay_shown = True

    def run_frame(self) -> None:
        before = len(self.stack.scenes), self.stack.top
        # TEXT SIZE: the smallest text in real pixels on this window (the setting, a resize)
        textsize.apply(self.ctx.settings.text_size, self.display.box[3], self.display.size[1])
        try:
            if self.demo is not None:
                self.demo.step()
            super().run_frame()
        except Exception:  # the safety net: any bug shows an apology, never a traceback
            self.recover()
        if before != (len(self.stack.scenes), self.stack.top):
            # A scene may have left: its buttons' callbacks and view parts hold it in cycles
            # with megabytes of surfaces, which the collector, counting objects not bytes,
            # would otherwise reach only much later, so a long kiosk session would keep
            # every screen it ever showed. Collected a few frames later, not on the frame
            # that built the next screen (and recorded a finished game): two of a frame's
            # costliest jobs never share one.
            # Not put off again by the next change: taps racing through screens still collect.
            # Nor on the frame after a change, which draws the new screen whole for the
            # first time.
            self._changed_at = self.frame
            if self._collect_at is None:
                self._collect_at = self.frame + COLLECT_AFTER_FRAMES
        elif self._collect_at is not None and self.frame >= self._collect_at \
                and self.frame > self._changed_at + 1:
            self._collect_at = None
            gc.collect()

    def recover(self) -> None:
        """Log the error, keep the autosave, and show "Something went wrong" on a fresh stack.

        A failure of the crash screen itself is not caught again: it ends the program.
        """
        log.exception("unexpected error in frame %d", self.frame)
        if any(getattr(scene, "is_crash_screen", False) for scene in self.stack.scenes):
            raise
        saved = False
        for scene in self.stack.scenes:
            if isinstance(scene, GameScene):
                try:
                    saved = scene.autosave() or saved
                except Exception:  # noqa: BLE001 - never let saving hide the first error
                    log.exception("could not save the game after the error")
        self.crashes += 1
        self.demo = None if self.ctx.demo_is_attract else self.demo
        for scene in self.stack.scenes:  # each leaves as usual: background work stops
            try:
                scene.exit()
            except Exception:  # noqa: BLE001 - the crash screen must come up regardless
                log.exception("a scene failed to leave after the error")
        self.stack = SceneStack()
        self.nav.push("crash", saved=saved)
        self.stack.apply_pending()

    def shutdown(self) -> None:
        """Leave cleanly: stop the music, close pygame, let the next copy have the folder."""
        self.ctx.audio.stop_music()
        if self.folder_watch is not None:
            self.folder_watch.close()
        if self.opening is not None:  # a run over before its records opened: its log lines
            self.opening.open_log()
        if self.ctx.storage is not None:
            self.ctx.storage.close()  # the last autosave may still be on its way to the disk
        if self.ctx.fleet is not None:  # a few seconds for the last records, when online
            self.ctx.fleet.close()
            self.ctx.fleet = None
        super().shutdown()  # the display reports the window's last geometry as it closes
        if self.data_lock is not None:
            self.data_lock.release()


SHELL_SCENES = {
    "title": "game.arcade.scenes.title:TitleScene",
    "settings": "game.arcade.scenes.settings:SettingsScene",
    "scores": "game.arcade.scenes.scores:ScoresScene",
    "stats": "game.arcade.scenes.scores:StatsScene",
    "about": "game.arcade.scenes.about:AboutScene",
    "pause": "game.arcade.scenes.pause:PauseScene",
    "confirm": "game.arcade.scenes.confirm:ConfirmScene",
    "initials": "game.arcade.scenes.initials:InitialsScene",
    "crash": "game.arcade.scenes.crash:CrashScene",
    "pin_pad": "game.arcade.scenes.pin_pad:PinPadScene",
    "still_playing": "game.arcade.scenes.still_playing:StillPlayingScene",
    "operator": "game.arcade.scenes.operator:OperatorScene",
    "venue_link": "game.arcade.scenes.venue_link:VenueLinkScene",
    "venue_kiosks": "game.arcade.scenes.venue_kiosks:VenueKiosksScene",
    "text_entry": "game.arcade.scenes.text_entry:TextEntryScene",
}
"""The shell's screens by name; each game adds its own as ``"<game id>.<name>"``."""


def register_scenes(nav: Navigator, games: tuple[GameSpec, ...]) -> None:
    """Every screen the arcade can open, by name."""
    for name, factory in SHELL_SCENES.items():
        nav.register(name, factory)
    for spec in games:
        for local, factory in spec.scenes.items():
            nav.register(spec.scene_name(local), factory)
