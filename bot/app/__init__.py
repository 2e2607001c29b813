"""The process: settings, the command line, the Discord client that wires every room
together, and the other commands (worker, demo, migration).
"""
