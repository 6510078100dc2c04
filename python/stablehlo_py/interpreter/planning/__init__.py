"""Planning hooks: analyses that rewrite prepared plans, reached through hooks the plan calls
(core/plan.py) and wired by the interpreter's API; the plan does not import them."""
