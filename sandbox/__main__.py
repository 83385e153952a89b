"""`python -m sandbox [PORT]`: the sandbox alone with the echo bot, for trying the page."""

from __future__ import annotations

import asyncio
import os
import signal
import sys

from .echo import build_echo_app
from .server import Sandbox


async def main(port: int) -> None:
    sandbox = Sandbox(port=port)
    url = await sandbox.start()
    app = build_echo_app(url, sandbox.token)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    updater = app.updater
    assert updater is not None  # the builder makes one unless told not to
    try:
        async with app:
            await app.start()
            await updater.start_polling(poll_interval=0, timeout=10)
            print(f"Sandbox with the echo bot: open {url}/ in a browser (Ctrl+C stops)",
                  flush=True)
            await stop.wait()
            await updater.stop()
            await app.stop()
    finally:
        await sandbox.stop()


if __name__ == "__main__":
    default = int(os.environ.get("PUZZLEBOT_SANDBOX_PORT") or 8080)
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else default))
