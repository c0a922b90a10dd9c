"""Every game with each option set that changes its rules: the one list the solver,
property and shuffle tests run over (import it as ``variants``: tests/ is on sys.path)."""

VARIANTS = [
    ("napoleons-tomb", {}),
    ("napoleons-square", {}),
    ("napoleons-square", {"single": "true"}),
    ("grand-napoleon", {}),
    ("werner", {}),
    ("forty-thieves", {}),
    ("forty-thieves", {"redeals": "2"}),
    ("forty-thieves", {"redeals": "unlimited"}),
    ("st-helena", {}),
    ("st-helena", {"spaces": "any", "build": "any"}),
]
IDS = [f"{g}{'-' if o else ''}{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, o in VARIANTS]
