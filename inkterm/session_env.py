"""Names of the environment variables ``inkterm serve`` sets for each session's
app. A leaf module: the servers, the app and its screens all read it."""

#: The door the app is played through (``ssh``); unset when played locally. The
#: app then leaves out what would act on the host instead of the player's machine.
SERVED_ENV = "INKTERM_SERVED"

#: ``1`` when the server lets anyone in without a key (``--guest``): the title
#: screen warns that anyone may use this login name.
GUEST_ENV = "INKTERM_GUEST"

#: The player's login name.
USER_ENV = "INKTERM_USER"

#: The shared tables' Unix socket (set only when the server runs tables).
TABLES_SOCKET_ENV = "INKTERM_TABLES_SOCKET"

#: This session's secret for that socket: the server bound it to the login name, so
#: the app can speak for that name only.
TABLES_TOKEN_ENV = "INKTERM_TABLES_TOKEN"

#: The language the door chose for this session, as ``--lang`` would: a browser tab's
#: (its ``Accept-Language``). Every browser shares one data folder, so one player's
#: saved Language setting must not choose another's.
LANG_ENV = "INKTERM_LANG"
