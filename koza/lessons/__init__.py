"""Lessons that teach Kozel by playing it: prepared positions, the moves they expect.

``model`` holds the shapes (``Lesson``, ``Part``, ``Step``) and reads a move written
as text; ``book`` holds the seven lessons as data, fitted to the house rules in use;
``course`` builds a lesson's position on the real ``Game`` and checks a learner's move.
Nothing here imports textual: ``koza.tui.learn`` shows the lessons at the table.
"""
