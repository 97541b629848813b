"""``python -m inkterm`` is the same as the ``inkterm`` command."""
from inkterm.cli import main

raise SystemExit(main())
