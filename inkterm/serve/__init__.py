"""Front doors for playing inkterm from elsewhere: ``ssh`` (asyncssh, a pty per
session) and ``web`` (textual-serve). Each module offers ``add_arguments(parser)``
and ``run_from_args(args)`` for the ``inkterm serve`` command; asyncssh and
textual-serve (the ``serve`` extra) are imported only when a server starts."""
