"""Running many games: picklable jobs (``jobs``) and the backends that hand them to
workers, the process pool and Ray (``backends``, ``ray_errors``; their names, which
commands offer, in ``backend_names``).
"""
