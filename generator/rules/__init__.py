"""C.07 as pure functions over the frozen model: the tie-break catalogue and its notation,
unplayed rounds (Arts. 15-16), one module per article family, the ranking (Art. 4.2) and the
explanations every value carries. Imports only the ground floor (errors, model, speed)."""
