"""``async with`` for the things a test starts and must shut down (the server, a bot)."""

from __future__ import annotations

from types import TracebackType
from typing import Self


class Started:
    """``async with thing``: ``await thing.start()`` on entry, ``await thing.close()`` on
    exit, however the block ends."""

    async def start(self) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()
