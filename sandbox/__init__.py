"""The local sandbox: a stand-in for Telegram's Bot API with a JSON client API and a web page.

See the manual's page docs/sandbox.md. `Sandbox` serves it; `SandboxClient`
drives it from tests.
"""

from .server import Sandbox

__all__ = ["Sandbox"]
