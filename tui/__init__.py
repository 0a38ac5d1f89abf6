"""The Textual terminal UI: a view over companion's LiveTable (see tui/app.py).

- app.py      LeafwatchApp (boards, next step, alerts, to-do, standings, log, LED strip; keys) and run_tui
- widgets.py  BoardView, NoticeList, DeclareScreen (the dialog for an exchange, a Mushroom, any action)
- render.py   pure drawing of the piece and printed notations, treasures, paths, LED pixels as Rich Text
- app.tcss    the layout and colours
- nine_app.py NineApp, the Summer Nine table screen over companion's NineTable, and run_nine_tui
"""
