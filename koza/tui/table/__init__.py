"""The table: the screen a game is played on, and its widgets.

``screen.TableScreen(session, face_up=False, watch=False)`` plays a session;
``board.Board`` with ``scene.Scene`` (``scene_from_view`` / ``scene_from_state``)
draws the table from any view or state (replay); ``runner.BotRunner`` drives the
bot seats.  Import from the submodules (this package imports nothing eagerly).
"""
