"""A kiosk's window on Windows is kept topmost, restored and in the foreground
(``game.engine.win32keep``), driven here through fakes of user32 and kernel32."""

from __future__ import annotations

from game.engine.win32keep import HWND_TOPMOST, SW_RESTORE, WS_EX_TOPMOST, Topmost

KIOSK, OTHER = 0x100, 0x200


class FakeWindows:
    """user32 and kernel32 as far as the keeper uses them, with a desktop of two windows."""

    def __init__(self, foreground: int = KIOSK, topmost: bool = True,
                 minimised: bool = False) -> None:
        self.foreground = foreground
        self.topmost = topmost
        self.minimised = minimised
        self.calls: list[tuple[object, ...]] = []
        self.attached: set[tuple[int, int]] = set()

    def IsIconic(self, hwnd: int) -> bool:  # noqa: N802 - the Windows names
        return self.minimised and hwnd == KIOSK

    def ShowWindow(self, hwnd: int, how: int) -> None:  # noqa: N802
        self.calls.append(("ShowWindow", hwnd, how))
        self.minimised = False

    def GetWindowLongW(self, hwnd: int, index: int) -> int:  # noqa: N802
        return WS_EX_TOPMOST if self.topmost else 0

    def SetWindowPos(self, hwnd: int, after: int, *rest: int) -> None:  # noqa: N802
        self.calls.append(("SetWindowPos", hwnd, after))
        self.topmost = after == HWND_TOPMOST

    def GetForegroundWindow(self) -> int:  # noqa: N802
        return self.foreground

    def GetWindowThreadProcessId(self, hwnd: int, _pid: object) -> int:  # noqa: N802
        return 7 if hwnd == OTHER else 1

    def GetCurrentThreadId(self) -> int:  # noqa: N802
        return 1

    def AttachThreadInput(self, ours: int, theirs: int, attach: bool) -> bool:  # noqa: N802
        self.calls.append(("AttachThreadInput", ours, theirs, attach))
        (self.attached.add if attach else self.attached.discard)((ours, theirs))
        return True

    def BringWindowToTop(self, hwnd: int) -> None:  # noqa: N802
        self.calls.append(("BringWindowToTop", hwnd))

    def SetForegroundWindow(self, hwnd: int) -> None:  # noqa: N802
        # the foreground lock: only a thread joined to the foreground's input may take it
        if (1, 7) in self.attached or self.foreground == hwnd:
            self.foreground = hwnd
        self.calls.append(("SetForegroundWindow", hwnd))


def test_a_kiosk_in_place_is_left_alone() -> None:
    fake = FakeWindows()
    assert Topmost(fake, fake).keep(KIOSK) == []
    assert fake.calls == []


def test_a_window_that_took_the_foreground_gives_it_back() -> None:
    fake = FakeWindows(foreground=OTHER)
    assert Topmost(fake, fake).keep(KIOSK) == ["not in the foreground"]
    assert fake.foreground == KIOSK
    assert fake.attached == set()  # joined only for the switch
    assert ("AttachThreadInput", 1, 7, False) in fake.calls


def test_a_kiosk_made_not_topmost_or_minimised_is_put_back() -> None:
    fake = FakeWindows(topmost=False, minimised=True)
    assert Topmost(fake, fake).keep(KIOSK) == ["minimised", "not topmost"]
    assert ("ShowWindow", KIOSK, SW_RESTORE) in fake.calls
    assert fake.topmost and not fake.minimised
