"""Every game with each option set that changes its rules: what solver tests run over."""

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
