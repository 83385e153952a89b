"""`python -m bot.worker`: a solver machine's Celery workers (`bot.work.worker`)."""

import sys

from .work.worker import main

if __name__ == "__main__":
    sys.exit(main())
