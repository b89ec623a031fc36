"""Reports, a leaf over the lower rooms: a tournament's tables in the terminal and
as HTML (``report``) and its plots (``plots``).
"""
