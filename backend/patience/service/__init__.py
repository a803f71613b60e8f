"""The game service: what the API does with games, pure of HTTP (:mod:`.games`), the answers
it builds (:mod:`.views`), the games it keeps at hand (:mod:`.cache`), its way to the solver
jobs (:mod:`.analysis`) and its refusals (:mod:`.errors`). The API's routes call it and
translate its errors; the store (:mod:`patience.store.games`) owns every write."""
