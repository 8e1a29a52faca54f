"""What a start leaves until the title's first frame is on screen: the records' back end
(``arcade.db``: SQLite, its threads, the check of every file) and the log file.

The first frame reads only the settings and whether each game has a save. From the second
frame a thread imports the back end while the title plays; then the main thread opens the
records, checks every file and starts the log file, which gets the lines held until then.
Whatever needs the records sooner opens them itself, waiting for the imports. A run to a
frame count opens them at its second frame whatever the thread's progress (the same frames on
any machine).
"""

from __future__ import annotations

import atexit
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.arcade.storage.backend import prepare_records

if TYPE_CHECKING:
    from game.arcade.storage import Storage


class HeldLog(logging.Handler):
    """The log's lines from INFO up, held until the log file of ``storage`` is open
    (:meth:`hand_over`); at the latest when the process ends, so a start that fails (a replay
    it cannot play, no window) keeps its reasons in the log file."""

    def __init__(self, storage: Storage) -> None:
        super().__init__(logging.INFO)
        self.storage = storage
        self.records: list[logging.LogRecord] = []
        self.handed_over = False
        atexit.register(self.hand_over)

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def hand_over(self) -> None:
        """Start the log file in place of this holder, with the lines held so far (once)."""
        if self.handed_over:
            return
        self.handed_over = True
        atexit.unregister(self.hand_over)
        root = logging.getLogger()
        root.removeHandler(self)
        handler = self.storage.log_handler()
        if handler is None:
            return
        handler._arcade = True  # type: ignore[attr-defined]
        root.addHandler(handler)
        for record in self.records:
            if record.levelno >= handler.level:
                handler.handle(record)
        self.records.clear()


class StorageOpening:
    """Opens ``storage``'s records and log file after the first frame (:meth:`step` is a step
    hook of the app; ``frame()`` is the number of the frame running). ``counted``: a run to a
    frame count, which opens them at its second frame."""

    def __init__(self, storage: Storage, held: HeldLog | None, frame: Callable[[], int],
                 counted: bool = False) -> None:
        self.storage = storage
        self.held = held
        self.frame = frame
        self.counted = counted
        self.done = False

    def step(self, _dt: float) -> None:
        if self.done or self.frame() < 1:
            return
        imports = prepare_records()
        if self.counted:
            imports.result()
        elif not imports.done():
            return
        self.open()

    def open(self) -> None:
        """Open the records and check every file, then the log file (now, whatever the
        thread's progress)."""
        if self.done:
            return
        self.done = True
        self.storage.check_files()
        self.open_log()

    def open_log(self) -> None:
        """Start the log file with the lines logged so far (also at the end of a run that
        ended before :meth:`open`: its lines are kept all the same)."""
        held, self.held = self.held, None
        if held is not None:
            held.hand_over()
